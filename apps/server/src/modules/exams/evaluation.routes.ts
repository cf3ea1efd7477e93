import {
  assessBodySchema,
  assessmentIdParamsSchema,
  assessmentIdPathSchema,
  assessmentSubmissionsSchema,
  assessResultSchema,
  envelope,
  errorBodySchema,
  evaluationListQuerySchema,
  evaluationListSchema,
  marksReportSchema,
  questionSubmissionsParamsSchema,
  questionSubmissionsSchema,
  studentSubmissionSchema,
  submissionParamsSchema,
  submissionsQuerySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer, sendDownload } from '../../lib/downloads.js';
import { caller } from '../../plugins/auth.js';
import * as evaluation from './evaluation.service.js';
import { EXAM_POLICY } from './exams.policy.js';
import * as marks from './marks-report.service.js';

const failures = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const docs = { tags: ['examinations'] };

/** Evaluation by faculty and moderators, a submission's results, the marks report (decisions 20, 26, 28). */
export const examEvaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  const evaluate = app.requireAuth(...EXAM_POLICY.evaluate);

  app.get(
    '/api/assessment-evaluations',
    {
      onRequest: evaluate,
      schema: {
        ...docs,
        description:
          'The evaluation tabs: `pending` (CLOSED or DRAFTED) or `evaluated` (EVOLUTED), of the institution (moderators) or the batch subjects a faculty member teaches, optionally of one batch or batch subject; latest due first, with both counts.',
        querystring: evaluationListQuerySchema,
        response: { 200: envelope(evaluationListSchema), ...failures },
      },
    },
    async (request) => ({ data: await evaluation.listEvaluations(app.deps, caller(request), request.query) }),
  );

  app.get(
    '/api/assessment-submissions/assessment/:assessmentId',
    {
      onRequest: evaluate,
      schema: {
        ...docs,
        description:
          'The students of the assessment’s batch subject with their submission state (`state`: all, evaluated, notEvaluated), ineligible students flagged. Overdue attempts are submitted with their saved answers first.',
        params: assessmentIdPathSchema,
        querystring: submissionsQuerySchema,
        response: { 200: envelope(assessmentSubmissionsSchema), ...failures },
      },
    },
    async (request) => ({
      data: await evaluation.listSubmissions(
        app.deps,
        caller(request),
        request.params.assessmentId,
        request.query.state,
      ),
    }),
  );

  app.get(
    '/api/assessment-submissions/assessment/:assessmentId/student/:studentId',
    {
      onRequest: app.requireAuth(...EXAM_POLICY.readSubmission),
      schema: {
        ...docs,
        description:
          'A student’s submission: per question the answer, the right one, marks, and the total. Students read their own once the assessment is EVOLUTED (409 before); faculty and moderators those they evaluate.',
        params: submissionParamsSchema,
        response: { 200: envelope(z.object({ submission: studentSubmissionSchema })), ...failures },
      },
    },
    async (request) => ({
      data: { submission: await evaluation.getSubmission(app.deps, caller(request), request.params) },
    }),
  );

  app.get(
    '/api/assessment-submissions/assessment/:assessmentId/question/:questionId',
    {
      onRequest: evaluate,
      schema: {
        ...docs,
        description: 'Grade by question (decision 28): one question’s answer in every submission.',
        params: questionSubmissionsParamsSchema,
        response: { 200: envelope(questionSubmissionsSchema), ...failures },
      },
    },
    async (request) => ({
      data: await evaluation.getQuestionSubmissions(app.deps, caller(request), request.params),
    }),
  );

  app.post(
    '/api/assessment-submissions/assess',
    {
      onRequest: evaluate,
      schema: {
        ...docs,
        description:
          'Marks answers (`submission_id` is an answer’s `_id`): TEXT Correct/Wrong, UPLOAD marks (blank 0, never above the weightage), choice answers keep their score. Every unassessed answer of the submissions touched (or, with `question_id`, of that question) must be marked, else 400 "Please evaluate all answers". 409 once EVOLUTED.',
        body: assessBodySchema,
        response: { 200: envelope(assessResultSchema), ...failures },
      },
    },
    async (request) => ({ data: await evaluation.assess(app.deps, caller(request), request.body) }),
  );

  const marksGuard = app.requireAuth(...EXAM_POLICY.marks);

  app.get(
    '/api/assessment-submissions/marks/:id',
    {
      onRequest: marksGuard,
      config: { texts: true },
      schema: {
        ...docs,
        description:
          'The marks report: one row per submission (Sl No, name, per question answer/marks and correct flag, scored, %, assessor, number of files) with the right answers of the header.',
        params: assessmentIdParamsSchema,
        response: { 200: envelope(marksReportSchema), ...failures },
      },
    },
    async (request) => ({ data: await marks.marksReport(app.deps, caller(request), request.params.id) }),
  );

  app.get(
    '/api/assessment-submissions/marks/:id/pdf',
    {
      onRequest: marksGuard,
      schema: {
        ...docs,
        description: 'The marks report as a PDF (template `marksReport`).',
        params: assessmentIdParamsSchema,
        produces: ['application/pdf'],
        response: { 200: fileAnswer('The PDF file.'), ...failures },
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await marks.marksReportPdf(app.deps, caller(request), request.params.id);
      return sendDownload(reply, 'pdf', filename, pdf);
    },
  );

  app.get(
    '/api/assessment-submissions/marks/:id/csv',
    {
      onRequest: marksGuard,
      schema: {
        ...docs,
        description: 'The marks report table as CSV.',
        params: assessmentIdParamsSchema,
        produces: ['text/csv'],
        response: { 200: fileAnswer('The CSV file.'), ...failures },
      },
    },
    async (request, reply) => {
      const { csv, filename } = await marks.marksReportCsv(app.deps, caller(request), request.params.id);
      return sendDownload(reply, 'csv', filename, csv);
    },
  );
};
