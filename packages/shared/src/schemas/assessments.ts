import { z } from 'zod';
import { ASSESSMENT_STATUSES, QUESTION_TYPES } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { idSchema, requiredText } from './common.js';
import { PAGE_SIZE, PAGE_SIZE_MAX, pageInfoSchema, pageQuerySchema } from './pagination.js';

export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];
export type AssessmentQuestionType = (typeof QUESTION_TYPES)[number];

/** The `url` of an assessment without a question paper (learning §5: "url defaults to noFiles"). */
export const NO_FILES = 'noFiles';
/** The date-time pickers of the assessment form move in steps of this many minutes (learning §9). */
export const ASSESSMENT_TIME_STEP_MINUTES = 15;
export const ASSESSMENT_TITLE_MAX = 200;
export const ASSESSMENT_DESCRIPTION_MAX = 5000;
/** Instants an assessment may start or be due: the years a school plans (as `CALENDAR_DATE_RANGE`). */
export const ASSESSMENT_TIME_RANGE = { min: '2000-01-01T00:00:00Z', max: '2100-01-01T00:00:00Z' } as const;

/**
 * The earliest start a new start date may have at `now`: the beginning of the current 15-minute
 * slot, so a start picked as 10:00 at 10:07 is still accepted (learning §5 "Start cannot be before
 * now", with the picker's 15-minute steps). Used by the form and the server alike.
 */
export function earliestAssessmentStart(now: Date): Date {
  const step = ASSESSMENT_TIME_STEP_MINUTES * 60_000;
  return new Date(Math.floor(now.getTime() / step) * step);
}

/**
 * An instant as ISO 8601 with its offset (`2026-11-20T10:00:00+05:30` or `…Z`); the spec's
 * UTC/local sending rules are the client's business. Within 2000-2099.
 */
export const assessmentDateTimeSchema = z
  .string({ error: MESSAGES.fillTheForm })
  .trim()
  .min(1, MESSAGES.fillTheForm)
  .pipe(z.iso.datetime({ offset: true, error: MESSAGES.assessmentDateTimeInvalid }))
  .refine((value) => {
    const at = Date.parse(value);
    // An unreadable value has its own message.
    if (Number.isNaN(at)) return true;
    return at >= Date.parse(ASSESSMENT_TIME_RANGE.min) && at < Date.parse(ASSESSMENT_TIME_RANGE.max);
  }, MESSAGES.assessmentDateTimeRange);

/** The question paper: a file uploaded to the portal (`/files/…`), or `noFiles` (also for empty). */
export const questionPaperUrlSchema = z
  .string()
  .trim()
  .max(2000, 'At most 2000 characters.')
  .transform((value) => (value === '' ? NO_FILES : value));

/** Due must come after start (learning §5: "cannot precede start"; equal leaves no time at all). */
const dueAfterStart = (value: { start_date?: string; due_date?: string }) => {
  const start = Date.parse(value.start_date ?? '');
  const due = Date.parse(value.due_date ?? '');
  // A missing or unreadable date has its own message.
  return Number.isNaN(start) || Number.isNaN(due) || due > start;
};
const dueAfterStartIssue = { message: MESSAGES.assessmentDueBeforeStart, path: ['due_date'] };

/** The longest duration an examination may have: a day. */
export const EXAM_DURATION_MAX_MINUTES = 24 * 60;
/** Questions a draw may take (a paper holds at most 500). */
export const EXAM_DRAW_MAX = 500;

/**
 * An examination's settings (decisions 38 and 39), changed only until the first student starts:
 * each student's clock runs `duration_minutes` from their own start (null: to the due date), the
 * questions and/or options are shuffled per student, `draw_count` questions are drawn per student
 * from the paper (null: all), and the exam shows one question at a time.
 */
export const examSettingsBodySchema = z.object({
  duration_minutes: z
    .number({ error: MESSAGES.examDurationInvalid })
    .int(MESSAGES.examDurationInvalid)
    .min(1, MESSAGES.examDurationInvalid)
    .max(EXAM_DURATION_MAX_MINUTES, MESSAGES.examDurationInvalid)
    .nullable(),
  shuffle_questions: z.boolean(),
  shuffle_options: z.boolean(),
  draw_count: z
    .number({ error: MESSAGES.examDrawInvalid })
    .int(MESSAGES.examDrawInvalid)
    .min(1, MESSAGES.examDrawInvalid)
    .max(EXAM_DRAW_MAX, MESSAGES.examDrawInvalid)
    .nullable(),
  one_at_a_time: z.boolean(),
});
export type ExamSettingsBody = z.infer<typeof examSettingsBodySchema>;
export const EXAM_SETTING_FIELDS = [
  'duration_minutes',
  'shuffle_questions',
  'shuffle_options',
  'draw_count',
  'one_at_a_time',
] as const;

/** POST /api/assessments (learning §7): every field but `url` is required ("Please fill the form"). */
export const createAssessmentBodySchema = z
  .object({
    title: requiredText(MESSAGES.fillTheForm, ASSESSMENT_TITLE_MAX),
    description: requiredText(MESSAGES.fillTheForm, ASSESSMENT_DESCRIPTION_MAX),
    batch_subject_id: z.uuid({ error: MESSAGES.fillTheForm }),
    start_date: assessmentDateTimeSchema,
    due_date: assessmentDateTimeSchema,
    url: questionPaperUrlSchema.default(NO_FILES),
    ...examSettingsBodySchema.partial().shape,
  })
  .refine(dueAfterStart, dueAfterStartIssue);
export type CreateAssessmentBody = z.input<typeof createAssessmentBodySchema>;

/** PATCH /api/assessments/{id}: the batch subject never changes (learning §5); send what changes. */
export const updateAssessmentBodySchema = z
  .object({
    title: requiredText(MESSAGES.fillTheForm, ASSESSMENT_TITLE_MAX),
    description: requiredText(MESSAGES.fillTheForm, ASSESSMENT_DESCRIPTION_MAX),
    start_date: assessmentDateTimeSchema,
    due_date: assessmentDateTimeSchema,
    url: questionPaperUrlSchema,
    ...examSettingsBodySchema.shape,
  })
  .partial()
  .refine(dueAfterStart, dueAfterStartIssue);
export type UpdateAssessmentBody = z.input<typeof updateAssessmentBodySchema>;

/** The statuses a caller may set; CLOSED is derived from the due date, DRAFTED and LIVE from the questions. */
export const SETTABLE_ASSESSMENT_STATUSES = ['CANCELED', 'EVOLUTED'] as const;

/**
 * PATCH /api/assessments/{id}/status: CANCELED by its author or a moderator; EVOLUTED ("Marks
 * Evaluated", only once CLOSED) with `force: true` as the spec sends it (decision 19).
 */
export const assessmentStatusBodySchema = z.object({
  status: z.enum(SETTABLE_ASSESSMENT_STATUSES, { error: MESSAGES.fillTheForm }),
  force: z.boolean().optional(),
});
export type AssessmentStatusBody = z.infer<typeof assessmentStatusBodySchema>;

/** Upcoming while now <= due_date, Previous after (learning §4). */
export const ASSESSMENT_TIME_TABS = ['upcoming', 'previous'] as const;
export type AssessmentTimeTab = (typeof ASSESSMENT_TIME_TABS)[number];

export const ASSESSMENT_PAGE_SIZE = PAGE_SIZE.default;
export const ASSESSMENT_PAGE_SIZE_MAX = PAGE_SIZE_MAX;

/** One page of a list (`pagination.ts`): `?limit=` (1…200) and `?cursor=`. */
export const assessmentPageQuerySchema = pageQuerySchema;
/** `page` beside a list (`pagination.ts`): `next_cursor` null on the last page; `total` on the first page only. */
export const assessmentPageInfoSchema = pageInfoSchema;

/**
 * GET /api/assessments (moderators: the institution's; faculty: the batch subjects they teach) and
 * GET /api/users/me/assessments (a student's examinations): one tab at a time, optionally of one
 * batch or batch subject. Upcoming soonest due first, Previous latest due first.
 */
export const assessmentListQuerySchema = assessmentPageQuerySchema.extend({
  when: z.enum(ASSESSMENT_TIME_TABS).default('upcoming'),
  batch_id: idSchema.optional(),
  batch_subject_id: idSchema.optional(),
  /** Students: only the ones not taken (the home carousel's pending assessments, with `when=upcoming`). */
  pending: z.stringbool({ error: 'Use true or false.' }).optional(),
});
export type AssessmentListQuery = z.input<typeof assessmentListQuerySchema>;

/**
 * The exam card's button for a student (learning §2), by the server's clock: `submitted`
 * ("Submitted", also once the deadline has submitted a started attempt), `start` ("START
 * EXAMINATION NOW", within start and due, not taken), `missed` (after due), `not_started`.
 */
export const EXAM_CARD_STATES = ['submitted', 'start', 'missed', 'not_started'] as const;
export type ExamCardState = (typeof EXAM_CARD_STATES)[number];

/** An assessment as every list and page shows it (learning §3 "Assessment"). */
export const assessmentSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string(),
  batch_subject_id: z.uuid(),
  batch_id: z.uuid(),
  batch_title: z.string(),
  subject_id: z.uuid(),
  subject_code: z.string(),
  subject_title: z.string(),
  /** ISO 8601 instants (UTC). */
  start_date: z.string(),
  due_date: z.string(),
  /** The question paper's link, or `noFiles`. */
  url: z.string(),
  /** DRAFTED, LIVE, CLOSED (LIVE past its due date, derived when read), EVOLUTED or CANCELED. */
  status: z.enum(ASSESSMENT_STATUSES),
  questions_count: z.number().int(),
  /** Sum of the questions' weightage. */
  total_marks: z.number(),
  /** Whether a question is answered by uploading sheets ("Time to upload the sheets"). */
  has_upload_questions: z.boolean(),
  /** The author's account id and name (a faculty member's or moderator's). */
  author_id: z.uuid().nullable(),
  author_name: z.string(),
  /** For a student: they submitted it. False for everyone else. */
  has_taken: z.boolean(),
  /** For a student: their card's button; null for everyone else. */
  exam_state: z.enum(EXAM_CARD_STATES).nullable(),
  submissions_received: z.number().int(),
  submissions_evoluted: z.number().int(),
  /** Students enrolled in the batch subject. */
  student_count: z.number().int(),
  /** The caller may edit it and import its questions (not once canceled, evaluated or past due). */
  can_edit: z.boolean(),
  /** The caller may cancel it (its author or a moderator, while not evaluated or canceled). */
  can_cancel: z.boolean(),
  /**
   * The settings (decisions 38 and 39). For a student, `duration_minutes` is their own time: the
   * duration with their extra time, and `questions_count` / `total_marks` those of their drawn paper.
   */
  duration_minutes: z.number().int().nullable(),
  shuffle_questions: z.boolean(),
  shuffle_options: z.boolean(),
  draw_count: z.number().int().nullable(),
  one_at_a_time: z.boolean(),
  /** A student has started it: its settings and questions are frozen (staff; false for students). */
  settings_frozen: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

export const assessmentCountsSchema = z.object({ upcoming: z.number().int(), previous: z.number().int() });
export type AssessmentCounts = z.infer<typeof assessmentCountsSchema>;

/** The answer of both lists: the tab's page, and both tabs' counts (for "Upcoming Assessment (n)"). */
export const assessmentListSchema = z.object({
  assessments: z.array(assessmentSchema),
  counts: assessmentCountsSchema,
  page: assessmentPageInfoSchema,
});
export type AssessmentList = z.infer<typeof assessmentListSchema>;

/** An answer option (learning §3): lettered A, B, C… by `position`; `type` CORRECT marks a right one. */
export const answerOptionSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  position: z.number().int(),
  correct: z.boolean(),
  type: z.enum(['CORRECT', 'INCORRECT']),
});
export type AnswerOption = z.infer<typeof answerOptionSchema>;

/** A question with its options, right ones marked (for authors only). `title` may be sanitised HTML. */
export const questionSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  type: z.enum(QUESTION_TYPES),
  /** Marks. */
  weightage: z.number(),
  position: z.number().int(),
  assessment_id: z.uuid().nullable(),
  topic_id: z.uuid().nullable(),
  answers: z.array(answerOptionSchema),
});
export type Question = z.infer<typeof questionSchema>;

/** GET /api/assessment-questions/{assessmentId}/assessment-id: the assessment and its questions in order. */
export const assessmentQuestionsSchema = z.object({
  assessment: assessmentSchema,
  questions: z.array(questionSchema),
});
export type AssessmentQuestions = z.infer<typeof assessmentQuestionsSchema>;

/** Formats a question file may be in, detected by its content (decisions 18 and 27). */
export const QUESTION_FILE_FORMATS = ['csv', 'gift', 'moodle-xml', 'aiken'] as const;
export type QuestionFileFormat = (typeof QUESTION_FILE_FORMATS)[number];

/** A question file uploaded to the portal (`POST /api/s3/v2?purpose=import`): its `publicUrl`. */
export const questionFileBodySchema = z.object({
  csv_url: requiredText(MESSAGES.fillTheUrl, 2000),
});
export type QuestionFileBody = z.infer<typeof questionFileBodySchema>;

/** POST /api/assessment-questions/csv: the file's questions replace the assessment's, all or nothing. */
/**
 * Writing a file's questions. `skip_problems`: import the file's good questions and leave out those
 * it reported (a Moodle bank with matching or numerical questions), after the preview has shown
 * them. Without it any problem refuses the whole file.
 */
export const importQuestionFileBodySchema = questionFileBodySchema.extend({
  skip_problems: z.boolean().optional(),
});
export type ImportQuestionFileBody = z.infer<typeof importQuestionFileBodySchema>;

export const importAssessmentQuestionsBodySchema = importQuestionFileBodySchema.extend({
  assessment_id: idSchema,
});
export type ImportAssessmentQuestionsBody = z.infer<typeof importAssessmentQuestionsBodySchema>;

/** POST /api/assessment-questions/preview: `assessment_id` is optional (the file alone is parsed). */
export const previewQuestionsBodySchema = questionFileBodySchema.extend({
  assessment_id: idSchema.optional(),
});
export type PreviewQuestionsBody = z.infer<typeof previewQuestionsBodySchema>;

export const parsedOptionSchema = z.object({ title: z.string(), correct: z.boolean() });

/** A question as read from the file, before anything is written. */
export const parsedQuestionSchema = z.object({
  /** 1-based position in the file among all questions seen. */
  number: z.number().int(),
  /** The line where it starts, when the format has lines. */
  line: z.number().int().nullable(),
  title: z.string(),
  type: z.enum(QUESTION_TYPES),
  marks: z.number(),
  options: z.array(parsedOptionSchema),
});
export type ParsedQuestionPreview = z.infer<typeof parsedQuestionSchema>;

/** Something in the file that cannot be imported, with where it is. */
export const importProblemSchema = z.object({
  line: z.number().int().nullable(),
  question: z.number().int().nullable(),
  message: z.string(),
});
export type ImportProblemPreview = z.infer<typeof importProblemSchema>;

/**
 * The preview of a question file: what would be imported and every problem. Import is possible
 * only when `errors` is empty and there is at least one question. `warnings` name what imports
 * but may not be what was meant (an option grade Moodle itself would refuse).
 */
export const questionFilePreviewSchema = z.object({
  format: z.enum(QUESTION_FILE_FORMATS).nullable(),
  questions: z.array(parsedQuestionSchema),
  errors: z.array(importProblemSchema),
  warnings: z.array(importProblemSchema),
  total_marks: z.number(),
});
export type QuestionFilePreview = z.infer<typeof questionFilePreviewSchema>;

/** The answer of an import: the assessment (now LIVE) and the questions it holds. */
export const importedAssessmentQuestionsSchema = assessmentQuestionsSchema;

export const assessmentIdParamsSchema = z.object({ id: idSchema });
