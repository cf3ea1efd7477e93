import {
  accommodationBodySchema,
  accommodationListSchema,
  accommodationParamsSchema,
  assessmentIdParamsSchema,
  envelope,
  errorBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth.js';
import * as service from './accommodations.service.js';
import { EXAM_POLICY } from './exams.policy.js';

const failures = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const docs = { tags: ['examinations'] };
const list = envelope(accommodationListSchema);

/** Extra time and later due dates per student (decision 38): moderators and the batch subject's teachers. */
export const accommodationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireAuth(...EXAM_POLICY.accommodate);

  app.get(
    '/api/assessments/:id/accommodations',
    {
      onRequest: staff,
      schema: {
        ...docs,
        description:
          'The examination’s accommodations (extra minutes, a percentage of the duration, a later due date per student) and the students who sit it with their standing extra time. Staff only.',
        params: assessmentIdParamsSchema,
        response: { 200: list, ...failures },
      },
    },
    async (request) => ({
      data: await service.listAccommodations(app.deps, caller(request), request.params.id),
    }),
  );

  app.put(
    '/api/assessments/:id/accommodations/:studentId',
    {
      onRequest: staff,
      schema: {
        ...docs,
        description:
          'Gives a student of the examination extra minutes, a percentage of the duration (replacing their standing one) and/or a later due date (after the examination’s); their clock, card, grace and auto-submit follow it. 409 once canceled or evaluated.',
        params: accommodationParamsSchema,
        body: accommodationBodySchema,
        response: { 200: list, ...failures },
      },
    },
    async (request) => ({
      data: await service.saveAccommodation(
        app.deps,
        caller(request),
        { assessmentId: request.params.id, studentId: request.params.studentId },
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/assessments/:id/accommodations/:studentId',
    {
      onRequest: staff,
      schema: {
        ...docs,
        description: 'Removes the student’s accommodation for the examination (404 when they have none).',
        params: accommodationParamsSchema,
        response: { 200: list, ...failures },
      },
    },
    async (request) => ({
      data: await service.removeAccommodation(app.deps, caller(request), {
        assessmentId: request.params.id,
        studentId: request.params.studentId,
      }),
    }),
  );
};
