import {
  envelope,
  errorBodySchema,
  onlineSessionIdParamsSchema,
  sessionReportSchema,
  sessionsReportQuerySchema,
  sessionsReportSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileAnswer, sendDownload } from '../../lib/downloads.js';
import { readingDeps } from '../../lib/replica.js';
import { caller } from '../../plugins/auth.js';
import { SESSION_POLICY } from './online-sessions.policy.js';
import * as reports from './session-reports.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['online-sessions'] };

/** The session reports of moderators (management §2 `/onlinesessions/reports`, `/onlinesession/report`; decision 32). */
export const sessionReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const moderators = app.requireAuth(...SESSION_POLICY.reports);

  app.get(
    '/api/online-sessions/reports',
    {
      onRequest: moderators,
      schema: {
        ...docs,
        description:
          'The institution’s sessions starting within `from`…`to` (its days; at most 92), newest first, optionally of one batch: batch, subject, teacher, start, end, invited, attended, absent.',
        querystring: sessionsReportQuerySchema,
        response: { 200: envelope(sessionsReportSchema), ...failures },
      },
    },
    async (request) => ({
      data: await reports.sessionsReport(await readingDeps(app.deps), caller(request), request.query),
    }),
  );

  app.get(
    '/api/online-sessions/reports/pdf',
    {
      onRequest: moderators,
      schema: {
        ...docs,
        description: 'The sessions report as a PDF (template `sessionsReport`).',
        querystring: sessionsReportQuerySchema,
        produces: ['application/pdf'],
        response: { 200: fileAnswer('The PDF file.'), ...failures },
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await reports.sessionsReportPdf(
        await readingDeps(app.deps),
        caller(request),
        request.query,
      );
      return sendDownload(reply, 'pdf', filename, pdf);
    },
  );

  app.get(
    '/api/online-sessions/reports/csv',
    {
      onRequest: moderators,
      schema: {
        ...docs,
        description: 'The sessions report as CSV.',
        querystring: sessionsReportQuerySchema,
        produces: ['text/csv'],
        response: { 200: fileAnswer('The CSV file.'), ...failures },
      },
    },
    async (request, reply) => {
      const { csv, filename } = await reports.sessionsReportCsv(
        await readingDeps(app.deps),
        caller(request),
        request.query,
      );
      return sendDownload(reply, 'csv', filename, csv);
    },
  );

  const attendance = app.requireAuth(...SESSION_POLICY.attendance);

  app.get(
    '/api/online-sessions/:id/report',
    {
      onRequest: attendance,
      schema: {
        ...docs,
        description:
          'One session’s invited students with Attended / Not Attended, first join, last leave and minutes present (2 decimals); for its author, the batch subject’s teachers and moderators.',
        params: onlineSessionIdParamsSchema,
        response: { 200: envelope(sessionReportSchema), ...failures },
      },
    },
    async (request) => ({
      data: await reports.sessionReport(await readingDeps(app.deps), caller(request), request.params.id),
    }),
  );

  app.get(
    '/api/online-sessions/:id/report/pdf',
    {
      onRequest: attendance,
      schema: {
        ...docs,
        description: 'The session’s attendance as a PDF (template `sessionAttendance`).',
        params: onlineSessionIdParamsSchema,
        produces: ['application/pdf'],
        response: { 200: fileAnswer('The PDF file.'), ...failures },
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await reports.sessionReportPdf(
        await readingDeps(app.deps),
        caller(request),
        request.params.id,
      );
      return sendDownload(reply, 'pdf', filename, pdf);
    },
  );

  app.get(
    '/api/online-sessions/:id/report/csv',
    {
      onRequest: attendance,
      schema: {
        ...docs,
        description: 'The session’s attendance as CSV.',
        params: onlineSessionIdParamsSchema,
        produces: ['text/csv'],
        response: { 200: fileAnswer('The CSV file.'), ...failures },
      },
    },
    async (request, reply) => {
      const { csv, filename } = await reports.sessionReportCsv(
        await readingDeps(app.deps),
        caller(request),
        request.params.id,
      );
      return sendDownload(reply, 'csv', filename, csv);
    },
  );
};
