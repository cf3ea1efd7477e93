import {
  assessmentHistorySchema,
  assessmentIdParamsSchema,
  envelope,
  errorBodySchema,
  regradeBodySchema,
  regradeParamsSchema,
  regradeResultSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth.js';
import { ASSESSMENT_POLICY } from './assessments.policy.js';
import * as service from './regrade.service.js';

const failures = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const docs = { tags: ['assessments'] };

/** Regrading a question after the exam and the assessment's history (decision 39). */
export const regradeRoutes: FastifyPluginAsyncZod = async (app) => {
  const teach = app.requireAuth(...ASSESSMENT_POLICY.teach);

  app.post(
    '/api/assessments/:id/questions/:questionId/regrade',
    {
      onRequest: teach,
      schema: {
        ...docs,
        description:
          'Corrects a question’s right options (choice questions) and/or marks once students have sat the assessment and before Marks Evaluated (409 otherwise): every submitted answer to it is rescored in one statement; answers how many were rescored and changed, and the history entry.',
        params: regradeParamsSchema,
        body: regradeBodySchema,
        response: { 200: envelope(regradeResultSchema), ...failures },
      },
    },
    async (request) => ({
      data: await service.regradeQuestion(
        app.deps,
        caller(request),
        { assessmentId: request.params.id, questionId: request.params.questionId },
        request.body,
      ),
    }),
  );

  app.get(
    '/api/assessments/:id/history',
    {
      onRequest: teach,
      schema: {
        ...docs,
        description:
          'The assessment’s regrades, latest first: who, when, the key before and after, scores changed.',
        params: assessmentIdParamsSchema,
        response: { 200: envelope(assessmentHistorySchema), ...failures },
      },
    },
    async (request) => ({
      data: await service.assessmentHistory(app.deps, caller(request), request.params.id),
    }),
  );
};
