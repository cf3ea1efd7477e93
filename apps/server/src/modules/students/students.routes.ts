import {
  createStudentBodySchema,
  envelope,
  errorBodySchema,
  issuedCredentialSchema,
  newStudentUserBodySchema,
  studentIdParamsSchema,
  studentSchema,
  studentSelectionBodySchema,
  studentsByIdsBodySchema,
  updateStudentBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { institutionOf } from '../../lib/tenancy.js';
import { caller } from '../../plugins/auth.js';
import { batchStudentsRoutes } from './batch-students.routes.js';
import { credentialsRoutes } from './credentials.routes.js';
import { docs, failures } from './route-docs.js';
import { STUDENT_POLICY } from './students.policy.js';
import * as service from './students.service.js';

const studentEnvelope = envelope(z.object({ student: studentSchema }));
const createdEnvelope = envelope(z.object({ student: studentSchema, credential: issuedCredentialSchema }));

export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(batchStudentsRoutes);
  await app.register(credentialsRoutes);
  const guard = app.requireAuth(...STUDENT_POLICY.manage);

  app.post(
    '/api/students',
    {
      onRequest: guard,
      schema: {
        ...docs,
        body: createStudentBodySchema,
        response: { 201: createdEnvelope, 409: errorBodySchema, ...failures },
      },
    },
    async (request, reply) => {
      const { batch_id, ...body } = request.body;
      const created = await service.createStudent(app.deps, caller(request), batch_id, body);
      return reply.status(201).send({ data: created });
    },
  );

  app.post(
    '/api/students/list',
    {
      onRequest: guard,
      schema: {
        ...docs,
        body: studentsByIdsBodySchema,
        response: { 200: envelope(z.object({ students: z.array(studentSchema) })), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      return {
        data: { students: await service.listStudentsByIds(app.deps, institutionId, request.body.ids) },
      };
    },
  );

  app.get(
    '/api/students/:studentId',
    {
      onRequest: guard,
      schema: { ...docs, params: studentIdParamsSchema, response: { 200: studentEnvelope, ...failures } },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      return {
        data: { student: await service.getStudent(app.deps, institutionId, request.params.studentId) },
      };
    },
  );

  app.patch(
    '/api/students/:studentId',
    {
      onRequest: guard,
      schema: {
        ...docs,
        params: studentIdParamsSchema,
        body: updateStudentBodySchema,
        response: { 200: studentEnvelope, ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      const student = await service.updateStudent(
        app.deps,
        institutionId,
        request.params.studentId,
        request.body,
      );
      return { data: { student } };
    },
  );

  app.delete(
    '/api/students',
    {
      onRequest: guard,
      preHandler: app.oneAtATime((request) => request.body as string[]),
      schema: {
        ...docs,
        description: 'Archives `{student_id}` or `{student_ids}`: their sign-in and tokens stop at once.',
        body: studentSelectionBodySchema,
        response: { 200: envelope(z.object({ archived: z.number() })), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      return { data: { archived: await service.archiveStudents(app.deps, institutionId, request.body) } };
    },
  );

  app.patch(
    '/api/students/dearc/student/:studentId',
    {
      onRequest: guard,
      preHandler: app.oneAtATime((request) => [(request.params as { studentId: string }).studentId]),
      schema: { ...docs, params: studentIdParamsSchema, response: { 200: studentEnvelope, ...failures } },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      const student = await service.unarchiveStudent(app.deps, institutionId, request.params.studentId);
      return { data: { student } };
    },
  );

  app.post(
    '/api/students/reset-password',
    {
      onRequest: guard,
      schema: {
        ...docs,
        description: 'New generated passwords, shown once; they must be changed at the next sign-in.',
        body: studentSelectionBodySchema,
        response: { 200: envelope(z.object({ credentials: z.array(issuedCredentialSchema) })), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      const credentials = await service.resetStudentPasswords(app.deps, institutionId, request.body);
      return { data: { credentials } };
    },
  );

  app.put(
    '/api/students/new-user',
    {
      onRequest: guard,
      schema: {
        ...docs,
        description:
          'A new username (typed, else the PRN, else the first mobile) and a new generated password.',
        body: newStudentUserBodySchema,
        response: {
          200: envelope(z.object({ credential: issuedCredentialSchema })),
          409: errorBodySchema,
          ...failures,
        },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      const credential = await service.renewStudentLogin(
        app.deps,
        institutionId,
        request.body.student_id,
        request.body.username,
      );
      return { data: { credential } };
    },
  );
};
