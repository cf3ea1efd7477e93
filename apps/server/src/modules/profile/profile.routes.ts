import {
  batchSubjectSchema,
  envelope,
  errorBodySchema,
  pageInfoSchema,
  pageQuerySchema,
  profileSchema,
  taughtStudentSchema,
  teacherSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.js';
import { listBatchSubjects } from '../subjects/batch-subjects.service.js';
import { PROFILE_POLICY } from './profile.policy.js';
import * as service from './profile.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const docs = { tags: ['profile'] };

/** The signed-in person's profile, subjects, teachers and students. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/me/profile',
    {
      onRequest: app.requireAuth(...PROFILE_POLICY.profile),
      schema: {
        ...docs,
        description: 'Personal information and contact details of the signed-in person.',
        response: { 200: envelope(z.object({ profile: profileSchema })), ...failures },
      },
    },
    async (request) => ({ data: { profile: await service.ownProfile(app.deps, caller(request)) } }),
  );

  app.get(
    '/api/users/me/batch-subjects',
    {
      onRequest: app.requireAuth(...PROFILE_POLICY.ownBatchSubjects),
      schema: {
        ...docs,
        description:
          'A student’s batch’s subjects, or the batch subjects a faculty member teaches; one page at a time.',
        querystring: pageQuerySchema,
        response: {
          200: envelope(z.object({ batch_subjects: z.array(batchSubjectSchema), page: pageInfoSchema })),
          ...failures,
        },
      },
    },
    async (request) => ({ data: await listBatchSubjects(app.deps, caller(request), request.query) }),
  );

  app.get(
    '/api/users/me/faculties',
    {
      onRequest: app.requireAuth(...PROFILE_POLICY.teachers),
      schema: {
        ...docs,
        description: 'My teachers: the faculty of the student’s batch subjects, with what they teach.',
        response: { 200: envelope(z.object({ faculties: z.array(teacherSchema) })), ...failures },
      },
    },
    async (request) => ({ data: { faculties: await service.ownTeachers(app.deps, caller(request)) } }),
  );

  app.get(
    '/api/users/me/students',
    {
      onRequest: app.requireAuth(...PROFILE_POLICY.students),
      schema: {
        ...docs,
        description:
          'The students of the batches the faculty member teaches, by batch and name; one page at a time.',
        querystring: pageQuerySchema,
        response: {
          200: envelope(z.object({ students: z.array(taughtStudentSchema), page: pageInfoSchema })),
          ...failures,
        },
      },
    },
    async (request) => ({ data: await service.taughtStudents(app.deps, caller(request), request.query) }),
  );
};
