import {
  assessmentIdParamsSchema,
  assessmentQuestionsSchema,
  envelope,
  errorBodySchema,
  importAssessmentQuestionsBodySchema,
  previewQuestionsBodySchema,
  questionFilePreviewSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth.js';
import { ASSESSMENT_POLICY } from './assessments.policy.js';
import * as service from './questions.service.js';

const failures = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const docs = { tags: ['assessments'] };

/** An assessment's questions: viewing, and importing a question file after a preview (decisions 18, 27). */
export const assessmentQuestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/assessment-questions/:id/assessment-id',
    {
      onRequest: app.requireAuth(...ASSESSMENT_POLICY.teach),
      schema: {
        ...docs,
        description: 'The assessment (by its id) and its questions in order, with the right options marked.',
        params: assessmentIdParamsSchema,
        response: { 200: envelope(assessmentQuestionsSchema), ...failures },
      },
    },
    async (request) => ({
      data: await service.listAssessmentQuestions(app.deps, caller(request), request.params.id),
    }),
  );

  app.post(
    '/api/assessment-questions/preview',
    {
      // Parsing writes nothing: cached reads stay.
      config: { readCache: 'keep', texts: true },
      onRequest: app.requireAuth(...ASSESSMENT_POLICY.teach),
      schema: {
        ...docs,
        description:
          'Parses a question file uploaded to the portal (CSV, GIFT, Moodle XML or Aiken, detected by content): every question and every problem with its line or question number. Nothing is written.',
        body: previewQuestionsBodySchema,
        response: { 200: envelope(questionFilePreviewSchema), ...failures },
      },
    },
    async (request) => ({
      data: await service.previewAssessmentQuestions(app.deps, caller(request), request.body),
    }),
  );

  app.post(
    '/api/assessment-questions/csv',
    {
      onRequest: app.requireAuth(...ASSESSMENT_POLICY.teach),
      config: { texts: true },
      schema: {
        ...docs,
        description:
          'Imports a question file into the assessment, all or nothing: its questions replace the assessment’s and a draft becomes LIVE. A file with any problem is refused with each problem (400); refused once a student has started, or once past due, canceled or evaluated (409).',
        body: importAssessmentQuestionsBodySchema,
        response: { 201: envelope(assessmentQuestionsSchema), ...failures },
      },
    },
    async (request, reply) => {
      const imported = await service.importAssessmentQuestions(app.deps, caller(request), request.body);
      return reply.status(201).send({ data: imported });
    },
  );
};
