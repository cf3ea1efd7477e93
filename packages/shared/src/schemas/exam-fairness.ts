import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { assessmentDateTimeSchema, questionSchema } from './assessments.js';
import { idSchema } from './common.js';

/**
 * Examinations fair to every student (issue 25, decisions 38 and 39): accommodations (extra time,
 * a later due date), the record of leaving the exam page, and regrading a wrong key.
 */

// ---------------------------------------------------------------------------------------------
// Accommodations (decision 38: staff-only data)

/** Extra minutes one examination may give a student: a day. */
export const EXTRA_MINUTES_MAX = 24 * 60;
/** Extra time as a percentage of the duration: at most triple time (+200 %). */
export const EXTRA_PERCENT_MAX = 200;

/** A percentage with at most two decimals (33.33 for 20 minutes an hour), 0…EXTRA_PERCENT_MAX. */
export const extraPercentSchema = z
  .number({ error: MESSAGES.extraPercentInvalid })
  .min(0, MESSAGES.extraPercentInvalid)
  .max(EXTRA_PERCENT_MAX, MESSAGES.extraPercentInvalid)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, MESSAGES.extraPercentInvalid);

/**
 * PUT /api/assessments/{id}/accommodations/{studentId}: extra minutes, a percentage of the
 * duration (replacing the student's standing percentage for this examination; null: the standing
 * one applies) and/or a later due date (null: the examination's). Something must be given.
 */
export const accommodationBodySchema = z
  .object({
    extra_minutes: z
      .number({ error: MESSAGES.extraMinutesInvalid })
      .int(MESSAGES.extraMinutesInvalid)
      .min(0, MESSAGES.extraMinutesInvalid)
      .max(EXTRA_MINUTES_MAX, MESSAGES.extraMinutesInvalid)
      .default(0),
    extra_percent: extraPercentSchema.nullable().default(null),
    due_date: assessmentDateTimeSchema.nullable().default(null),
  })
  .refine((value) => value.extra_minutes > 0 || value.extra_percent !== null || value.due_date !== null, {
    message: MESSAGES.accommodationEmpty,
    path: ['extra_minutes'],
  });
export type AccommodationBody = z.input<typeof accommodationBodySchema>;

export const accommodationParamsSchema = z.object({ id: idSchema, studentId: idSchema });

/** One student's accommodation for an examination, as the staff see it. */
export const accommodationSchema = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  extra_minutes: z.number().int(),
  /** Null: the student's standing percentage applies. */
  extra_percent: z.number().nullable(),
  /** The later due date (ISO 8601), or null. */
  due_date: z.string().nullable(),
  updated_at: z.string(),
});
export type Accommodation = z.infer<typeof accommodationSchema>;

/** A student of the examination's batch subject, with their standing extra time (Edit Student). */
export const accommodationStudentSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  extra_time_percent: z.number(),
});

/**
 * GET /api/assessments/{id}/accommodations: the examination's accommodations and the students
 * who may be given one (those of its batch subject, with their standing percentage).
 */
export const accommodationListSchema = z.object({
  assessment_id: z.uuid(),
  duration_minutes: z.number().int().nullable(),
  due_date: z.string(),
  accommodations: z.array(accommodationSchema),
  students: z.array(accommodationStudentSchema),
});
export type AccommodationList = z.infer<typeof accommodationListSchema>;

// ---------------------------------------------------------------------------------------------
// Leaving the exam page

export const LEAVE_EVENTS = ['left', 'back'] as const;
/** Absences an attempt may open a minute: a student flicking between windows is recorded, not a flood. */
export const LEAVES_PER_MINUTE = 6;

/** POST /api/assessment-attempts/{id}/leaves: the exam page was hidden (left) or shown again (back). */
export const leaveEventBodySchema = z.object({ event: z.enum(LEAVE_EVENTS) });
export type LeaveEventBody = z.infer<typeof leaveEventBodySchema>;

export const leaveSchema = z.object({ left_at: z.string(), back_at: z.string().nullable() });
export type Leave = z.infer<typeof leaveSchema>;

/** What the evaluator sees per submission: "left the exam page n times, m minutes in all". */
export const leaveLogSchema = z.object({
  count: z.number().int(),
  /** Minutes away in all, to one decimal (an absence never closed counts to the submission). */
  minutes: z.number(),
  leaves: z.array(leaveSchema),
});
export type LeaveLog = z.infer<typeof leaveLogSchema>;

// ---------------------------------------------------------------------------------------------
// Regrade (decision 39)

/**
 * POST /api/assessments/{id}/questions/{questionId}/regrade: a question's right options (choice
 * questions: one for single choice and true/false, at least one for multiple choice) and/or its
 * marks corrected; every submission is rescored.
 */
export const regradeBodySchema = z
  .object({
    right_option_ids: z.array(idSchema).min(1, MESSAGES.regradeNoRightOption).max(50).optional(),
    weightage: z
      .number({ error: MESSAGES.regradeMarksInvalid })
      .positive(MESSAGES.regradeMarksInvalid)
      .max(1000, MESSAGES.regradeMarksInvalid)
      .optional(),
  })
  .refine((value) => value.right_option_ids !== undefined || value.weightage !== undefined, {
    message: MESSAGES.regradeNothing,
    path: ['right_option_ids'],
  });
export type RegradeBody = z.input<typeof regradeBodySchema>;

export const regradeParamsSchema = z.object({ id: idSchema, questionId: idSchema });

/** A question's key as a regrade found and left it. */
export const regradeKeySchema = z.object({ right_option_ids: z.array(z.uuid()), weightage: z.number() });

/** One entry of an assessment's history. */
export const regradeSchema = z.object({
  _id: z.uuid(),
  question_id: z.uuid(),
  /** The question's number (canonical order). */
  question_position: z.number().int(),
  user_name: z.string(),
  created_at: z.string(),
  before: regradeKeySchema,
  after: regradeKeySchema,
  scores_changed: z.number().int(),
});
export type Regrade = z.infer<typeof regradeSchema>;

export const regradeResultSchema = z.object({
  regrade: regradeSchema,
  question: questionSchema,
  /** Submissions rescored (every submitted answer to the question). */
  rescored: z.number().int(),
});
export type RegradeResult = z.infer<typeof regradeResultSchema>;

/** GET /api/assessments/{id}/history: the assessment's regrades, latest first. */
export const assessmentHistorySchema = z.object({ regrades: z.array(regradeSchema) });
export type AssessmentHistory = z.infer<typeof assessmentHistorySchema>;
