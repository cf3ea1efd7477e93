import {
  assessmentIdParamsSchema,
  assessmentListQuerySchema,
  assessmentListSchema,
  assessmentSchema,
  assessmentStatusBodySchema,
  createAssessmentBodySchema,
  envelope,
  errorBodySchema,
  updateAssessmentBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.js';
import { listOwnExams } from '../exams/own-exam-list.js';
import { ASSESSMENT_POLICY } from './assessments.policy.js';
import * as service from './assessments.service.js';

const failures = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const docs = { tags: ['assessments'] };
const oneAssessment = envelope(z.object({ assessment: assessmentSchema }));
const assessmentList = envelope(assessmentListSchema);

/** Assessments: authoring by moderators and faculty, a student's examinations (learning §7, decision 19). */
export const assessmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/assessments',
    {
      onRequest: app.requireAuth(...ASSESSMENT_POLICY.teach),
      schema: {
        ...docs,
        description:
          'One tab (upcoming: due date not passed, soonest first; previous: latest first) of the assessments a moderator’s institution or a faculty member’s batch subjects hold, optionally of one batch or batch subject, with both tabs’ counts; one page at a time.',
        querystring: assessmentListQuerySchema,
        response: { 200: assessmentList, ...failures },
      },
    },
    async (request) => ({ data: await service.listAssessments(app.deps, caller(request), request.query) }),
  );

  app.post(
    '/api/assessments',
    {
      onRequest: app.requireAuth(...ASSESSMENT_POLICY.teach),
      schema: {
        ...docs,
        description:
          'A new assessment (DRAFTED until its questions are imported) of a batch subject the caller teaches; start not before now’s 15-minute slot, due after start; `url` a question paper uploaded to the portal or `noFiles`.',
        body: createAssessmentBodySchema,
        response: { 201: oneAssessment, ...failures },
      },
    },
    async (request, reply) => {
      const assessment = await service.createAssessment(app.deps, caller(request), request.body);
      return reply.status(201).send({ data: { assessment } });
    },
  );

  app.get(
    '/api/users/me/assessments',
    {
      onRequest: app.requireAuth(...ASSESSMENT_POLICY.sit),
      schema: {
        ...docs,
        description:
          'A student’s examinations (LIVE, CLOSED and EVOLUTED assessments of the batch subjects they are enrolled in), one tab at a time, with `has_taken`.',
        querystring: assessmentListQuerySchema,
        response: { 200: assessmentList, ...failures },
      },
    },
    async (request) => ({ data: await listOwnExams(app.deps, caller(request), request.query) }),
  );

  app.get(
    '/api/assessments/:id',
    {
      onRequest: app.requireAuth(...ASSESSMENT_POLICY.teach),
      schema: { ...docs, params: assessmentIdParamsSchema, response: { 200: oneAssessment, ...failures } },
    },
    async (request) => ({
      data: { assessment: await service.getAssessment(app.deps, caller(request), request.params.id) },
    }),
  );

  app.patch(
    '/api/assessments/:id',
    {
      onRequest: app.requireAuth(...ASSESSMENT_POLICY.teach),
      schema: {
        ...docs,
        description:
          'Edits title, description, start and due dates and the question paper (never the batch subject) while DRAFTED or LIVE; 409 once closed, canceled or evaluated.',
        params: assessmentIdParamsSchema,
        body: updateAssessmentBodySchema,
        response: { 200: oneAssessment, ...failures },
      },
    },
    async (request) => ({
      data: {
        assessment: await service.updateAssessment(
          app.deps,
          caller(request),
          request.params.id,
          request.body,
        ),
      },
    }),
  );

  app.patch(
    '/api/assessments/:id/status',
    {
      onRequest: app.requireAuth(...ASSESSMENT_POLICY.teach),
      schema: {
        ...docs,
        description:
          'CANCELED by its author or a moderator (not once evaluated); EVOLUTED (“Marks Evaluated”, with force) by its teachers or a moderator once CLOSED.',
        params: assessmentIdParamsSchema,
        body: assessmentStatusBodySchema,
        response: { 200: oneAssessment, ...failures },
      },
    },
    async (request) => ({
      data: {
        assessment: await service.changeStatus(app.deps, caller(request), request.params.id, request.body),
      },
    }),
  );
};
