import {
  createFacultyBodySchema,
  csvImportBodySchema,
  envelope,
  errorBodySchema,
  facultyDetailSchema,
  facultyIdParamsSchema,
  facultySchema,
  facultySelectionBodySchema,
  facultySummarySchema,
  idParamsSchema,
  importResultSchema,
  issuedCredentialSchema,
  newFacultyUserBodySchema,
  pageInfoSchema,
  pageQuerySchema,
  updateFacultyBodySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer, sendDownload } from '../../lib/downloads.js';
import { institutionOf } from '../../lib/tenancy.js';
import { caller } from '../../plugins/auth.js';
import { FACULTY_POLICY } from './faculties.policy.js';
import * as service from './faculties.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['faculties'] };
const facultyEnvelope = envelope(z.object({ faculty: facultySchema }));
/** A PDF answer: Fastify sends the bytes as they are (a Buffer is never serialized). */

export const facultiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = app.requireAuth(...FACULTY_POLICY.manage);

  app.get(
    '/api/faculties/complete-list',
    {
      onRequest: app.requireAuth(...FACULTY_POLICY.completeList),
      schema: {
        ...docs,
        description: 'The institution’s active faculty members (id, name, designation), by name.',
        response: { 200: envelope(z.object({ faculties: z.array(facultySummarySchema) })), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      return { data: { faculties: await service.listActiveFaculties(app.deps, institutionId) } };
    },
  );

  app.get(
    '/api/faculties',
    {
      onRequest: manage,
      schema: {
        ...docs,
        description:
          'Every faculty member of the institution, archived ones included, newest first; one page at a time.',
        querystring: pageQuerySchema,
        response: {
          200: envelope(z.object({ faculties: z.array(facultySchema), page: pageInfoSchema })),
          ...failures,
        },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      return { data: await service.pageFaculties(app.deps, institutionId, request.query) };
    },
  );

  app.post(
    '/api/faculties',
    {
      onRequest: manage,
      schema: {
        ...docs,
        description: 'Adds a faculty member with a login; the generated password is answered once.',
        body: createFacultyBodySchema,
        response: {
          201: envelope(z.object({ faculty: facultySchema, credential: issuedCredentialSchema })),
          409: errorBodySchema,
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const institutionId = institutionOf(caller(request));
      const created = await service.createFaculty(app.deps, institutionId, request.body);
      return reply.status(201).send({ data: created });
    },
  );

  app.get(
    '/api/faculties/pdf',
    {
      onRequest: manage,
      schema: {
        ...docs,
        description: 'The faculty list as a PDF (institution name, academic year), newest first.',
        produces: ['application/pdf'],
        response: { 200: fileAnswer('The PDF file.'), ...failures },
      },
    },
    async (request, reply) => {
      const user = caller(request);
      institutionOf(user);
      const pdf = await service.facultyListPdf(app.deps, user);
      return sendDownload(reply, 'pdf', 'faculty-list.pdf', pdf);
    },
  );

  app.post(
    '/api/faculties/csv',
    {
      onRequest: manage,
      config: { texts: true },
      schema: {
        ...docs,
        description:
          'Bulk import from a CSV uploaded to the portal: all rows checked first, all or nothing (decision 12).',
        body: csvImportBodySchema,
        response: { 201: envelope(importResultSchema), ...failures },
      },
    },
    async (request, reply) => {
      const institutionId = institutionOf(caller(request));
      const result = await service.importFaculties(app.deps, institutionId, request.body.content_url);
      return reply.status(201).send({ data: result });
    },
  );

  app.post(
    '/api/faculties/reset-password',
    {
      onRequest: manage,
      schema: {
        ...docs,
        description: 'New generated passwords, shown once; they must be changed at the next sign-in.',
        body: facultySelectionBodySchema,
        response: { 200: envelope(z.object({ credentials: z.array(issuedCredentialSchema) })), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      const credentials = await service.resetFacultyPasswords(app.deps, institutionId, request.body);
      return { data: { credentials } };
    },
  );

  app.put(
    '/api/faculties/new-user',
    {
      onRequest: manage,
      schema: {
        ...docs,
        description:
          'A new username (typed, else the PRN, else the first mobile) and a new generated password.',
        body: newFacultyUserBodySchema,
        response: {
          200: envelope(z.object({ credential: issuedCredentialSchema })),
          409: errorBodySchema,
          ...failures,
        },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      const credential = await service.renewFacultyLogin(
        app.deps,
        institutionId,
        request.body.faculty_id,
        request.body.username,
      );
      return { data: { credential } };
    },
  );

  app.patch(
    '/api/faculties/dearc/faculty/:facultyId',
    {
      onRequest: manage,
      preHandler: app.oneAtATime((request) => [(request.params as { facultyId: string }).facultyId]),
      schema: {
        ...docs,
        description: 'Unarchives the member: they may sign in again.',
        params: facultyIdParamsSchema,
        response: { 200: facultyEnvelope, ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      const faculty = await service.unarchiveFaculty(app.deps, institutionId, request.params.facultyId);
      return { data: { faculty } };
    },
  );

  app.get(
    '/api/faculties/:id',
    {
      onRequest: manage,
      schema: {
        ...docs,
        description: 'One faculty member with the batch subjects they are assigned to.',
        params: idParamsSchema,
        response: { 200: envelope(z.object({ faculty: facultyDetailSchema })), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      return { data: { faculty: await service.getFaculty(app.deps, institutionId, request.params.id) } };
    },
  );

  app.patch(
    '/api/faculties/:id',
    {
      onRequest: manage,
      schema: {
        ...docs,
        params: idParamsSchema,
        body: updateFacultyBodySchema,
        response: { 200: facultyEnvelope, ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      const faculty = await service.updateFaculty(app.deps, institutionId, request.params.id, request.body);
      return { data: { faculty } };
    },
  );

  app.delete(
    '/api/faculties/:id',
    {
      onRequest: manage,
      preHandler: app.oneAtATime((request) => [(request.params as { id: string }).id]),
      schema: {
        ...docs,
        description: 'Archives the member: their sign-in and tokens stop at once (decision 5).',
        params: idParamsSchema,
        response: { 200: envelope(z.object({ archived: z.literal(true) })), ...failures },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      await service.archiveFaculty(app.deps, institutionId, request.params.id);
      return { data: { archived: true as const } };
    },
  );
};
