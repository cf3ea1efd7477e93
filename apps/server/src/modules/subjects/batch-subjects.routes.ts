import {
  batchSubjectSchema,
  createBatchSubjectsBodySchema,
  envelope,
  errorBodySchema,
  facultyYearParamsSchema,
  idParamsSchema,
  listBatchSubjectsQuerySchema,
  pageInfoSchema,
  pageQuerySchema,
  updateBatchSubjectBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error.js';
import { caller } from '../../plugins/auth.js';
import * as service from './batch-subjects.service.js';
import { BATCH_SUBJECT_POLICY, mayListFacultyYear } from './subjects.policy.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['batch subjects'] };
const one = envelope(z.object({ batch_subject: batchSubjectSchema }));
const many = envelope(z.object({ batch_subjects: z.array(batchSubjectSchema) }));
const manyPaged = envelope(z.object({ batch_subjects: z.array(batchSubjectSchema), page: pageInfoSchema }));

export const batchSubjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/batch-subjects',
    {
      onRequest: app.requireAuth(...BATCH_SUBJECT_POLICY.view),
      schema: {
        ...docs,
        description:
          'Moderators see the institution’s batch subjects, faculty those they teach, students their batch’s; one page at a time (`limit`, `cursor`).',
        querystring: listBatchSubjectsQuerySchema.extend(pageQuerySchema.shape),
        response: { 200: manyPaged, ...failures },
      },
    },
    async (request) => ({
      data: await service.listBatchSubjects(app.deps, caller(request), request.query),
    }),
  );

  app.post(
    '/api/batch-subjects',
    {
      onRequest: app.requireAuth(...BATCH_SUBJECT_POLICY.manage),
      schema: { ...docs, body: createBatchSubjectsBodySchema, response: { 201: many, ...failures } },
    },
    async (request, reply) => {
      const linked = await service.linkSubjects(app.deps, caller(request), request.body);
      return reply.status(201).send({ data: { batch_subjects: linked } });
    },
  );

  app.get(
    '/api/batch-subjects/faculty_id/:facultyId/academic_year/:year',
    {
      onRequest: app.requireAuth(...BATCH_SUBJECT_POLICY.facultyYear),
      schema: { ...docs, params: facultyYearParamsSchema, response: { 200: many, ...failures } },
    },
    async (request) => {
      const user = caller(request);
      const { facultyId, year } = request.params;
      if (!mayListFacultyYear(user, facultyId)) throw forbidden();
      return {
        data: { batch_subjects: await service.listFacultyYearBatchSubjects(app.deps, user, facultyId, year) },
      };
    },
  );

  app.get(
    '/api/batch-subjects/:id',
    {
      onRequest: app.requireAuth(...BATCH_SUBJECT_POLICY.view),
      schema: { ...docs, params: idParamsSchema, response: { 200: one, ...failures } },
    },
    async (request) => ({
      data: { batch_subject: await service.getBatchSubject(app.deps, caller(request), request.params.id) },
    }),
  );

  app.patch(
    '/api/batch-subjects/:id',
    {
      onRequest: app.requireAuth(...BATCH_SUBJECT_POLICY.manage),
      schema: {
        ...docs,
        description: 'Edits the subject’s fields (shared by every batch it is taught to).',
        params: idParamsSchema,
        body: updateBatchSubjectBodySchema,
        response: { 200: one, ...failures },
      },
    },
    async (request) => ({
      data: {
        batch_subject: await service.updateBatchSubject(
          app.deps,
          caller(request),
          request.params.id,
          request.body,
        ),
      },
    }),
  );

  app.delete(
    '/api/batch-subjects/:id',
    {
      onRequest: app.requireAuth(...BATCH_SUBJECT_POLICY.manage),
      schema: {
        ...docs,
        params: idParamsSchema,
        response: { 200: envelope(z.object({ deleted: z.boolean() })), ...failures },
      },
    },
    async (request) => {
      await service.deleteBatchSubject(app.deps, caller(request), request.params.id);
      return { data: { deleted: true } };
    },
  );
};
