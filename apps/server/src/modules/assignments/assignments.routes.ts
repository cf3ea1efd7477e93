import {
  batchSchema,
  batchSubjectFacultiesBodySchema,
  batchSubjectFacultiesSchema,
  batchSubjectStudentsBodySchema,
  envelope,
  errorBodySchema,
  idParamsSchema,
  studentsAddedSchema,
  studentsRemovedSchema,
  subjectStudentsQuerySchema,
  subjectStudentsSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { institutionOf } from '../../lib/tenancy.js';
import { caller } from '../../plugins/auth.js';
import { ASSIGNMENT_POLICY } from './assignments.policy.js';
import * as service from './assignments.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['batch subjects'] };

export const assignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = app.requireAuth(...ASSIGNMENT_POLICY.manage);

  app.post(
    '/api/batch-subjects/faculties',
    {
      onRequest: manage,
      schema: {
        ...docs,
        description: 'Assigns faculty members to a batch subject (repeating an assignment changes nothing).',
        body: batchSubjectFacultiesBodySchema,
        response: { 200: envelope(batchSubjectFacultiesSchema), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      const { batch_subject_id, faculty_ids } = request.body;
      return {
        data: await service.assignFaculties(app.deps, institutionId, batch_subject_id, faculty_ids),
      };
    },
  );

  app.delete(
    '/api/batch-subjects/faculties',
    {
      onRequest: manage,
      schema: {
        ...docs,
        description: 'Removes faculty members from a batch subject; their authoring rights on it end.',
        body: batchSubjectFacultiesBodySchema,
        response: { 200: envelope(batchSubjectFacultiesSchema), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      const { batch_subject_id, faculty_ids } = request.body;
      return {
        data: await service.removeFaculties(app.deps, institutionId, batch_subject_id, faculty_ids),
      };
    },
  );

  app.post(
    '/api/batch-subjects/students',
    {
      onRequest: manage,
      schema: {
        ...docs,
        description: 'Adds active students of the institution to a batch subject.',
        body: batchSubjectStudentsBodySchema,
        response: { 200: envelope(studentsAddedSchema), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      const { batch_subject_id, student_ids } = request.body;
      return { data: await service.addStudents(app.deps, institutionId, batch_subject_id, student_ids) };
    },
  );

  app.delete(
    '/api/batch-subjects/students',
    {
      onRequest: manage,
      schema: {
        ...docs,
        description: 'Removes students from a batch subject.',
        body: batchSubjectStudentsBodySchema,
        response: { 200: envelope(studentsRemovedSchema), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      const { batch_subject_id, student_ids } = request.body;
      return {
        data: await service.removeStudents(app.deps, institutionId, batch_subject_id, student_ids),
      };
    },
  );

  app.get(
    '/api/batch-subjects/:id/students',
    {
      onRequest: manage,
      schema: {
        ...docs,
        description:
          'The subject’s active students (enrolled) and the other active students who could be added (available), optionally of one batch.',
        params: idParamsSchema,
        querystring: subjectStudentsQuerySchema,
        response: { 200: envelope(subjectStudentsSchema), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      return {
        data: await service.subjectStudents(
          app.deps,
          institutionId,
          request.params.id,
          request.query.batch_id,
        ),
      };
    },
  );

  app.get(
    '/api/users/me/batches',
    {
      onRequest: app.requireAuth(...ASSIGNMENT_POLICY.myBatches),
      schema: {
        tags: ['users'],
        description: 'A faculty member’s batches (those they teach in) or a student’s own batch.',
        response: { 200: envelope(z.object({ batches: z.array(batchSchema) })), ...failures },
      },
    },
    async (request) => {
      const user = caller(request);
      institutionOf(user);
      return { data: { batches: await service.myBatches(app.deps, user) } };
    },
  );
};
