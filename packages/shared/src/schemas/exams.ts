import { z } from 'zod';
import { QUESTION_TYPES } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { assessmentSchema } from './assessments.js';
import { idSchema } from './common.js';
import { leaveLogSchema } from './exam-fairness.js';
import { pageInfoSchema, pageQuerySchema } from './pagination.js';

/**
 * Examinations (learning §2, §4, §5; decisions 20, 21, 26, 28): a student's attempt, its autosaved
 * answers and its submission; evaluation by the batch subject's faculty; the marks report.
 */

/** Saves and the submit are accepted this long after the due date (the auto-submit at zero). */
export const EXAM_GRACE_MS = 60_000;
/** Answer sheets one question may hold. */
export const EXAM_FILES_PER_QUESTION_MAX = 20;
export const EXAM_ANSWER_TEXT_MAX = 20_000;
/** "Time to upload the sheets" shows with this much time left on an exam with upload questions. */
export const EXAM_UPLOAD_WARNING_MS = 10 * 60_000;

const fileUrlSchema = z.string().trim().min(1).max(2000, 'At most 2000 characters.');
const optionIdsSchema = z.array(idSchema).max(50, 'At most 50 options.');

// ---------------------------------------------------------------------------------------------
// The student's attempt

/** POST /api/assessment-attempts: start (or resume) the caller's attempt, only within start..due. */
export const startAttemptBodySchema = z.object({ assessment_id: idSchema });
export type StartAttemptBody = z.infer<typeof startAttemptBodySchema>;

/** An attempt as its student sees it; `time_left_ms` is the server's (decision 26). */
export const examAttemptSchema = z.object({
  _id: z.uuid(),
  assessment_id: z.uuid(),
  batch_subject_id: z.uuid(),
  started_at: z.string(),
  /** The student's due date (a later one when given them), ISO 8601 (UTC). */
  due_date: z.string(),
  /**
   * When the student's clock ends (decision 38): their start + the duration with their extra
   * time, never past their due date; without a duration, their due date.
   */
  deadline: z.string(),
  submitted_at: z.string().nullable(),
  auto_submitted: z.boolean(),
  /** Milliseconds until the deadline by the server's clock, never below 0. */
  time_left_ms: z.number().int(),
});
export type ExamAttempt = z.infer<typeof examAttemptSchema>;

/** An option as a student sees it while sitting: no right flag. */
export const examOptionSchema = z.object({ _id: z.uuid(), title: z.string(), position: z.number().int() });

/** A question of the paper, without its right answers. */
export const examQuestionSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  type: z.enum(QUESTION_TYPES),
  weightage: z.number(),
  position: z.number().int(),
  answers: z.array(examOptionSchema),
});
export type ExamQuestion = z.infer<typeof examQuestionSchema>;

/** A saved answer of the attempt. */
export const savedAnswerSchema = z.object({
  question_id: z.uuid(),
  submitted_answer_ids: z.array(z.uuid()),
  submitted_answer_text: z.string().nullable(),
  /** Answer sheets: `/files/…` links of the student's own `answer_sheet` uploads. */
  file_urls: z.array(z.string()),
  /** The student's "mark for review". */
  marked_for_review: z.boolean(),
  updated_at: z.string(),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

/** What the exam page shows of the assessment (light: read by every student at the start). */
export const examHeaderSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string(),
  batch_subject_id: z.uuid(),
  subject_title: z.string(),
  start_date: z.string(),
  due_date: z.string(),
  /** The question paper's link, or `noFiles`. */
  url: z.string(),
  /** The student's paper: drawn questions when the examination draws. */
  questions_count: z.number().int(),
  total_marks: z.number(),
  has_upload_questions: z.boolean(),
  /** Show one question at a time (a setting). */
  one_at_a_time: z.boolean(),
});
export type ExamHeader = z.infer<typeof examHeaderSchema>;

/** GET /api/assessment-attempts/{id}: everything a (re)loaded exam page needs. */
export const examSheetSchema = z.object({
  assessment: examHeaderSchema,
  attempt: examAttemptSchema,
  questions: z.array(examQuestionSchema),
  answers: z.array(savedAnswerSchema),
  /** The student may upload answer sheets (false when `uploadAssessmentNotAllowed`). */
  upload_allowed: z.boolean(),
});
export type ExamSheet = z.infer<typeof examSheetSchema>;

export const attemptIdParamsSchema = z.object({ id: idSchema });
export const attemptAnswerParamsSchema = z.object({ id: idSchema, questionId: idSchema });

/**
 * PUT /api/assessment-attempts/{id}/answers/{questionId}: one autosaved answer, replacing the
 * saved one. Choice questions take option ids (one for SINGLE_CHOICE and BOOLEAN), TEXT its text,
 * UPLOAD the links of answer sheets uploaded with `POST /api/s3/v2?purpose=answer_sheet`.
 */
export const saveAnswerBodySchema = z.object({
  submitted_answer_ids: optionIdsSchema.default([]),
  submitted_answer_text: z
    .string()
    .max(EXAM_ANSWER_TEXT_MAX, `At most ${EXAM_ANSWER_TEXT_MAX} characters.`)
    .nullish(),
  file_urls: z
    .array(fileUrlSchema)
    .max(EXAM_FILES_PER_QUESTION_MAX, `At most ${EXAM_FILES_PER_QUESTION_MAX} files.`)
    .default([]),
  /** "Mark for review"; left out, the saved mark stays as it is. */
  marked_for_review: z.boolean().optional(),
});
export type SaveAnswerBody = z.input<typeof saveAnswerBodySchema>;

/** The answer of a save: what is stored, and the time left by the server's clock. */
export const savedAnswerResultSchema = z.object({
  answer: savedAnswerSchema,
  time_left_ms: z.number().int(),
});
export type SavedAnswerResult = z.infer<typeof savedAnswerResultSchema>;

// ---------------------------------------------------------------------------------------------
// The submission

/** One answer of the submission payload (learning §3), plus its answer sheets. */
export const submissionItemSchema = z.object({
  question_id: idSchema,
  question_title: z.string().max(20_000).optional(),
  question_type: z.enum(QUESTION_TYPES).optional(),
  submitted_answer_ids: optionIdsSchema.default([]),
  submitted_answer_text: z
    .string()
    .max(EXAM_ANSWER_TEXT_MAX, `At most ${EXAM_ANSWER_TEXT_MAX} characters.`)
    .nullish(),
  file_urls: z
    .array(fileUrlSchema)
    .max(EXAM_FILES_PER_QUESTION_MAX, `At most ${EXAM_FILES_PER_QUESTION_MAX} files.`)
    .optional(),
  /**
   * The saved answer this one was made from, as the sender last knew it (its `updated_at`; null:
   * none was saved). Given, the answer replaces the saved one only if that has not changed since,
   * so a stale tab never overwrites a newer save; left out, it replaces it as before.
   */
  saved_at: z.iso.datetime({ offset: true }).nullish(),
});

/**
 * POST /api/assessment-submissions (learning §3 "Submission payload"): the answers given replace
 * the saved ones; questions left out keep their saved answer. Once per student (decision 21).
 */
export const submitExamBodySchema = z.object({
  assessment_id: idSchema,
  batch_subject_id: idSchema,
  submissions: z.array(submissionItemSchema).max(500, 'At most 500 answers.').default([]),
});
export type SubmitExamBody = z.input<typeof submitExamBodySchema>;

export const examSubmittedSchema = z.object({ attempt: examAttemptSchema });
export type ExamSubmitted = z.infer<typeof examSubmittedSchema>;

// ---------------------------------------------------------------------------------------------
// Results and evaluation

/**
 * An option with its right flag (results after EVOLUTED, and evaluators), in the paper's order;
 * `shown_position` is where the student saw it when options were shuffled (their letter), else null.
 */
export const resultOptionSchema = examOptionSchema.extend({
  correct: z.boolean(),
  shown_position: z.number().int().nullable().optional(),
});

/** One question of a submission (learning §3 "Evaluation row"), `_id` being the answer's id. */
export const evaluationRowSchema = z.object({
  _id: z.uuid(),
  question_id: z.uuid(),
  question_type: z.enum(QUESTION_TYPES),
  question_title: z.string(),
  position: z.number().int(),
  weightage: z.number(),
  options: z.array(resultOptionSchema),
  submitted_answer_ids: z.array(z.uuid()),
  submitted_answer_text: z.string().nullable(),
  file_urls: z.array(z.string()),
  /** Read-only once the evaluation is submitted (learning §4). */
  assessed: z.boolean(),
  /** Choice answers are scored on submit; TEXT and UPLOAD once marked. */
  correct: z.boolean().nullable(),
  scored_point: z.number().nullable(),
  /** The question's number on the student's own paper when it was shuffled or drawn, else null. */
  shown_as: z.number().int().nullable().optional(),
});
export type EvaluationRow = z.infer<typeof evaluationRowSchema>;

/** A student's submission with every answer (learning §3 "Student submission result"). */
export const studentSubmissionSchema = z.object({
  attempt_id: z.uuid(),
  assessment_id: z.uuid(),
  student_id: z.uuid(),
  student_name: z.string(),
  /** False for a student refused uploads on an exam with upload questions ("IS NOT ELIGIBLE…"). */
  eligible: z.boolean(),
  submitted_at: z.string(),
  auto_submitted: z.boolean(),
  /** Every answer is assessed. */
  evaluated: z.boolean(),
  answers: z.array(evaluationRowSchema),
  scored_marks: z.number(),
  total_marks: z.number(),
  number_file_submited: z.number().int(),
  assessor_name: z.string().nullable(),
  /** Leaving the exam page, for evaluators (null for the student). */
  leaves: leaveLogSchema.nullable().optional(),
});
export type StudentSubmission = z.infer<typeof studentSubmissionSchema>;

export const submissionParamsSchema = z.object({ assessmentId: idSchema, studentId: idSchema });

/** The evaluation lists: Pending (CLOSED or DRAFTED), Evaluated (EVOLUTED). */
export const EVALUATION_TABS = ['pending', 'evaluated'] as const;
export type EvaluationTab = (typeof EVALUATION_TABS)[number];

/** GET /api/assessment-evaluations: one tab, optionally of one batch or batch subject, latest due first. */
export const evaluationListQuerySchema = pageQuerySchema.extend({
  tab: z.enum(EVALUATION_TABS).default('pending'),
  batch_id: idSchema.optional(),
  batch_subject_id: idSchema.optional(),
});
export type EvaluationListQuery = z.input<typeof evaluationListQuerySchema>;

export const evaluationListSchema = z.object({
  assessments: z.array(assessmentSchema),
  counts: z.object({ pending: z.number().int(), evaluated: z.number().int() }),
  page: pageInfoSchema,
});
export type EvaluationList = z.infer<typeof evaluationListSchema>;

/** The filter of the submissions screen (learning §9). */
export const SUBMISSION_STATES = ['all', 'evaluated', 'notEvaluated'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

export const submissionsQuerySchema = z.object({ state: z.enum(SUBMISSION_STATES).default('all') });
export const assessmentIdPathSchema = z.object({ assessmentId: idSchema });

/** A student of the batch subject on the submissions screen. */
export const submissionSummarySchema = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  eligible: z.boolean(),
  attempt_id: z.uuid().nullable(),
  submitted: z.boolean(),
  submitted_at: z.string().nullable(),
  evaluated: z.boolean(),
  scored_marks: z.number().nullable(),
});
export type SubmissionSummary = z.infer<typeof submissionSummarySchema>;

/** GET /api/assessment-submissions/assessment/{assessmentId}?state=… */
export const assessmentSubmissionsSchema = z.object({
  assessment: assessmentSchema,
  students: z.array(submissionSummarySchema),
});
export type AssessmentSubmissions = z.infer<typeof assessmentSubmissionsSchema>;

export const questionSubmissionsParamsSchema = z.object({ assessmentId: idSchema, questionId: idSchema });

/** Grade by question (decision 28): one question across every submission. */
export const questionSubmissionsSchema = z.object({
  assessment: assessmentSchema,
  question: z.object({
    _id: z.uuid(),
    title: z.string(),
    type: z.enum(QUESTION_TYPES),
    weightage: z.number(),
    position: z.number().int(),
    options: z.array(resultOptionSchema),
  }),
  answers: z.array(
    evaluationRowSchema.extend({
      attempt_id: z.uuid(),
      student_id: z.uuid(),
      student_name: z.string(),
      eligible: z.boolean(),
    }),
  ),
});
export type QuestionSubmissions = z.infer<typeof questionSubmissionsSchema>;

/** One mark: `submission_id` is the answer's `_id`; `scored_point` only counts for UPLOAD. */
export const assessItemSchema = z.object({
  submission_id: idSchema,
  scored_point: z.number().min(0, 'Marks cannot be negative.').max(100_000).nullish(),
  correct: z.boolean({ error: MESSAGES.evaluateAllAnswers }).nullish(),
});

/**
 * POST /api/assessment-submissions/assess (learning §7). Every unassessed answer of each
 * submission touched must be marked, or, with `question_id` (grade by question), every unassessed
 * answer of that question: else 400 "Please evaluate all answers".
 */
export const assessBodySchema = z.object({
  assessment_id: idSchema,
  batch_subject_id: idSchema,
  question_id: idSchema.optional(),
  submissions: z.array(assessItemSchema).min(1, MESSAGES.evaluateAllAnswers).max(10_000),
});
export type AssessBody = z.input<typeof assessBodySchema>;

export const assessResultSchema = z.object({ assessed: z.number().int(), assessment: assessmentSchema });
export type AssessResult = z.infer<typeof assessResultSchema>;

// ---------------------------------------------------------------------------------------------
// The marks report

export const marksCellSchema = z.object({
  question_id: z.uuid(),
  /** Letters of the chosen options (A|C), the text, or empty. */
  answer: z.string(),
  correct: z.boolean().nullable(),
  scored_point: z.number().nullable(),
  files: z.number().int(),
});

export const marksRowSchema = z.object({
  sl_no: z.number().int(),
  student_id: z.uuid(),
  name: z.string(),
  cells: z.array(marksCellSchema),
  scored: z.number(),
  /** Of the total marks, to 2 decimals. */
  percentage: z.number(),
  assessor: z.string().nullable(),
  number_of_files: z.number().int(),
});
export type MarksRow = z.infer<typeof marksRowSchema>;

/** GET /api/assessment-submissions/marks/{id}: the table of `/assessment/marks` (also as PDF and CSV). */
export const marksReportSchema = z.object({
  assessment: assessmentSchema,
  institution_name: z.string(),
  questions: z.array(
    z.object({
      _id: z.uuid(),
      label: z.string(),
      type: z.enum(QUESTION_TYPES),
      weightage: z.number(),
      /** The right options' letters (A|C); empty for TEXT and UPLOAD. */
      correct_answer: z.string(),
    }),
  ),
  rows: z.array(marksRowSchema),
  student_count: z.number().int(),
  participant_count: z.number().int(),
  total_marks: z.number(),
  /** Mean percentage of the participants, to 2 decimals; 0 without any. */
  average_percentage: z.number(),
});
export type MarksReport = z.infer<typeof marksReportSchema>;
