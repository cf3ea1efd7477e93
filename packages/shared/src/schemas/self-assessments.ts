import { z } from 'zod';
import { formatMessage, MESSAGES } from '../messages.js';
import { assessmentPageInfoSchema, assessmentPageQuerySchema, questionSchema } from './assessments.js';
import { idSchema } from './common.js';
import { SELF_ASSESSMENT_QUESTION_TYPES } from './question-types.js';

// The choice types a self assessment holds; defined with the question types.
export { SELF_ASSESSMENT_QUESTION_TYPES };
export type SelfAssessmentQuestionType = (typeof SELF_ASSESSMENT_QUESTION_TYPES)[number];

/** The most questions (and options per question) a self assessment answer may carry. */
export const SELF_ASSESSMENT_MAX_QUESTIONS = 500;
export const QUESTION_MAX_OPTIONS = 26;

/** An option as a student sees it before submitting: no hint of which is right. */
export const selfAssessmentOptionSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  position: z.number().int(),
});
export type SelfAssessmentOption = z.infer<typeof selfAssessmentOptionSchema>;

export const selfAssessmentQuestionSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  type: z.enum(SELF_ASSESSMENT_QUESTION_TYPES),
  weightage: z.number(),
  position: z.number().int(),
  answers: z.array(selfAssessmentOptionSchema),
});
export type SelfAssessmentQuestion = z.infer<typeof selfAssessmentQuestionSchema>;

/**
 * GET /api/self-assessments/topic-id/{topicId}: the topic's questions without their right answers.
 * `batch_subject_id` is the student's batch subject of the topic's subject (null for teachers).
 */
export const selfAssessmentSchema = z.object({
  topic_id: z.uuid(),
  topic_title: z.string(),
  chapter_id: z.uuid(),
  subject_id: z.uuid(),
  batch_subject_id: z.uuid().nullable(),
  total_point: z.number(),
  questions: z.array(selfAssessmentQuestionSchema),
});
export type SelfAssessment = z.infer<typeof selfAssessmentSchema>;

/** POST /api/self-assessments (learning §7): every question answered with at least one option. */
export const submitSelfAssessmentBodySchema = z.object({
  topic_id: idSchema,
  batch_subject_id: idSchema,
  answers: z
    .array(
      z.object({
        qid: idSchema,
        submitted_answer_ids: z
          .array(idSchema)
          .min(1, MESSAGES.answerAllQuestions)
          .max(
            QUESTION_MAX_OPTIONS,
            formatMessage(MESSAGES.atMostOptions, { max: String(QUESTION_MAX_OPTIONS) }),
          ),
      }),
      { error: MESSAGES.answerAllQuestions },
    )
    .min(1, MESSAGES.answerAllQuestions)
    .max(
      SELF_ASSESSMENT_MAX_QUESTIONS,
      formatMessage(MESSAGES.atMostAnswers, { max: String(SELF_ASSESSMENT_MAX_QUESTIONS) }),
    ),
});
export type SubmitSelfAssessmentBody = z.infer<typeof submitSelfAssessmentBodySchema>;

/** One question of a submitted attempt: the right options and the student's (decision 20). */
export const selfAssessmentResultQuestionSchema = z.object({
  question_id: z.uuid(),
  title: z.string(),
  type: z.enum(SELF_ASSESSMENT_QUESTION_TYPES),
  weightage: z.number(),
  /** The full weightage when the chosen set equals the right set, else 0. */
  scored_point: z.number(),
  correct: z.boolean(),
  submitted_answer_ids: z.array(z.uuid()),
  correct_answer_ids: z.array(z.uuid()),
  answers: z.array(selfAssessmentOptionSchema),
});
export type SelfAssessmentResultQuestion = z.infer<typeof selfAssessmentResultQuestionSchema>;

/** A kept attempt (learning §3 "Self assessment result"); every attempt is kept. */
export const selfAssessmentResultSummarySchema = z.object({
  _id: z.uuid(),
  topic_id: z.uuid(),
  topic_title: z.string(),
  chapter_id: z.uuid(),
  subject_id: z.uuid(),
  subject_title: z.string(),
  batch_subject_id: z.uuid(),
  scored_point: z.number(),
  total_point: z.number(),
  questions_count: z.number().int(),
  created_at: z.string(),
});
export type SelfAssessmentResultSummary = z.infer<typeof selfAssessmentResultSummarySchema>;

/** The answer of a submission and of GET /api/self-assessments/{id}: the summary with each question. */
export const selfAssessmentResultSchema = selfAssessmentResultSummarySchema.extend({
  questions: z.array(selfAssessmentResultQuestionSchema),
});
export type SelfAssessmentResult = z.infer<typeof selfAssessmentResultSchema>;

/** GET /api/users/me/self-assessments: newest first, optionally of one topic. */
export const selfAssessmentResultsQuerySchema = assessmentPageQuerySchema.extend({
  topic_id: idSchema.optional(),
});
export type SelfAssessmentResultsQuery = z.input<typeof selfAssessmentResultsQuerySchema>;

export const selfAssessmentResultListSchema = z.object({
  results: z.array(selfAssessmentResultSummarySchema),
  page: assessmentPageInfoSchema,
});
export type SelfAssessmentResultList = z.infer<typeof selfAssessmentResultListSchema>;

/**
 * A topic's self assessment as its authors see it (GET/POST /api/topics/{topicId}/self-assessment):
 * the questions with their right options.
 */
export const topicSelfAssessmentSchema = z.object({
  topic_id: z.uuid(),
  self_assessment: z.boolean(),
  questions: z.array(questionSchema),
});
export type TopicSelfAssessment = z.infer<typeof topicSelfAssessmentSchema>;
