import {
  batchIdParamsSchema,
  createBatchStudentBodySchema,
  csvImportBodySchema,
  envelope,
  errorBodySchema,
  importResultSchema,
  issuedCredentialSchema,
  moveStudentBodySchema,
  pageInfoSchema,
  pageQuerySchema,
  studentSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer, sendDownload } from '../../lib/downloads.js';
import { institutionOf } from '../../lib/tenancy.js';
import { caller } from '../../plugins/auth.js';
import { docs, failures } from './route-docs.js';
import { STUDENT_POLICY } from './students.policy.js';
import * as service from './students.service.js';
import { importStudents } from './students-import.service.js';

/** The students of a batch: list, add, move, PDF export and bulk import. */
export const batchStudentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireAuth(...STUDENT_POLICY.manage);

  app.get(
    '/api/batches/:batchId/students',
    {
      onRequest: guard,
      schema: {
        ...docs,
        description: 'The batch’s students, archived ones included, ordered by name; one page at a time.',
        params: batchIdParamsSchema,
        querystring: pageQuerySchema,
        response: {
          200: envelope(z.object({ students: z.array(studentSchema), page: pageInfoSchema })),
          ...failures,
        },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      const { batchId } = request.params;
      return { data: await service.pageBatchStudents(app.deps, institutionId, batchId, request.query) };
    },
  );

  app.post(
    '/api/batches/:batchId/students',
    {
      onRequest: guard,
      schema: {
        ...docs,
        params: batchIdParamsSchema,
        body: createBatchStudentBodySchema,
        response: {
          201: envelope(z.object({ student: studentSchema, credential: issuedCredentialSchema })),
          409: errorBodySchema,
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const created = await service.createStudent(
        app.deps,
        caller(request),
        request.params.batchId,
        request.body,
      );
      return reply.status(201).send({ data: created });
    },
  );

  app.patch(
    '/api/batches/student',
    {
      onRequest: guard,
      schema: {
        ...docs,
        description: 'Moves a student; `old_batch` must be their current batch, else 409.',
        body: moveStudentBodySchema,
        response: {
          200: envelope(z.object({ student: studentSchema })),
          409: errorBodySchema,
          ...failures,
        },
      },
    },
    async (request) => {
      const institutionId = institutionOf(caller(request));
      return { data: { student: await service.moveStudent(app.deps, institutionId, request.body) } };
    },
  );

  app.get(
    '/api/batches/:batchId/students/pdf',
    {
      onRequest: guard,
      schema: {
        ...docs,
        description: 'The student list as a PDF (application/pdf, downloaded as an attachment).',
        params: batchIdParamsSchema,
        produces: ['application/pdf'],
        response: { 200: fileAnswer('The PDF file.'), ...failures },
      },
    },
    async (request, reply) => {
      const institutionId = institutionOf(caller(request));
      const { pdf, filename } = await service.studentListPdf(app.deps, institutionId, request.params.batchId);
      return sendDownload(reply, 'pdf', filename, pdf);
    },
  );

  app.post(
    '/api/batches/:batchId/students/csv',
    {
      onRequest: guard,
      config: { texts: true },
      schema: {
        ...docs,
        description:
          'Bulk import from a CSV file on the portal’s own storage (decision 12). Any bad row rejects ' +
          'the whole file: 400 with `fields` mapping "row N" (its line in the file) to the reasons.',
        params: batchIdParamsSchema,
        body: csvImportBodySchema,
        response: { 201: envelope(importResultSchema), 409: errorBodySchema, ...failures },
      },
    },
    async (request, reply) => {
      const result = await importStudents(
        app.deps,
        caller(request),
        request.params.batchId,
        request.body.content_url,
      );
      return reply.status(201).send({ data: result });
    },
  );
};
