import {
  batchAttendanceReportSchema,
  envelope,
  errorBodySchema,
  institutionDayParamsSchema,
  liveClassParamsSchema,
  liveClassReportSchema,
  reportBatchQuerySchema,
  subjectDayParamsSchema,
  teacherReportQuerySchema,
  teacherReportSchema,
  topicAttendanceReportSchema,
  topicReportParamsSchema,
  topicReportSchema,
  weeklyAttendanceReportSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { fileAnswer, sendDownload } from '../../lib/downloads.js';
import { readingDeps } from '../../lib/replica.js';
import { type AuthUser, caller } from '../../plugins/auth.js';
import * as documents from './report-documents.js';
import { REPORT_POLICY } from './reports.policy.js';
import * as reports from './reports.service.js';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const docs = { tags: ['reports'] };

interface ReportRoute<Params extends z.ZodType, Query extends z.ZodType, Report> {
  path: string;
  description: string;
  params?: Params;
  querystring: Query;
  answer: z.ZodType;
  load: (deps: AppDeps, user: AuthUser, params: z.infer<Params>, query: z.infer<Query>) => Promise<Report>;
  table: (report: Report) => documents.ReportTable;
}

/** The moderators' reports (management §7 "Reports"; decisions 16, 17, 31, 32), each as JSON, PDF and CSV. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireAuth(...REPORT_POLICY.read);

  /** `path` answers the report as JSON (`data`), `path/pdf` and `path/csv` its table. */
  function report<Params extends z.ZodType, Query extends z.ZodType, Report>(
    route: ReportRoute<Params, Query, Report>,
  ) {
    const input = { ...(route.params ? { params: route.params } : {}), querystring: route.querystring };
    // Reports read from the replica when there is one (lib/replica.ts).
    const load = async (request: { params: unknown; query: unknown; user?: unknown }) =>
      route.load(
        await readingDeps(app.deps),
        caller(request as never),
        request.params as z.infer<Params>,
        request.query as z.infer<Query>,
      );
    app.get(
      route.path,
      {
        onRequest: guard,
        schema: {
          ...docs,
          description: route.description,
          ...input,
          response: { 200: envelope(route.answer), ...failures },
        },
      },
      async (request) => ({ data: await load(request) }),
    );
    app.get(
      `${route.path}/pdf`,
      {
        onRequest: guard,
        schema: {
          ...docs,
          description:
            'The report’s tables as a PDF, each under its heading; at most `REPORT_PDF_MAX_ROWS` (20,000) rows, else 400: pick a batch, or take the CSV.',
          ...input,
          produces: ['application/pdf'],
          response: { 200: fileAnswer('The PDF file.'), ...failures },
        },
      },
      async (request, reply) => {
        const { pdf, filename } = await documents.tablePdf(route.table(await load(request)));
        return sendDownload(reply, 'pdf', filename, pdf);
      },
    );
    app.get(
      `${route.path}/csv`,
      {
        onRequest: guard,
        schema: {
          ...docs,
          description: 'The report’s table as CSV.',
          ...input,
          produces: ['text/csv'],
          response: { 200: fileAnswer('The CSV file.'), ...failures },
        },
      },
      async (request, reply) => {
        const { csv, filename } = documents.tableCsv(route.table(await load(request)));
        return sendDownload(reply, 'csv', filename, csv);
      },
    );
  }

  report({
    path: '/api/cwx/get-daily-json-report/institution/:id/date/:date',
    description:
      'Attendance By Topic: for the day’s study-plan topics, each student of the batch enrolled in the subject, Viewed when they had opened the topic by the end of the day (`updated_at`: their last view). `batch_id`: one batch or all.',
    params: institutionDayParamsSchema,
    querystring: reportBatchQuerySchema,
    answer: topicAttendanceReportSchema,
    load: (deps, user, params, query) => reports.topicAttendance(deps, user, params, query.batch_id),
    table: documents.topicAttendanceTable,
  });

  report({
    path: '/api/cwx/get-daily-json-attendance-by-batch/institution/:id/date/:date',
    description:
      'Attendance By Batch: each student Present when they have any topic view or time spent that day in the institution’s time zone, with the day’s minutes.',
    params: institutionDayParamsSchema,
    querystring: reportBatchQuerySchema,
    answer: batchAttendanceReportSchema,
    load: (deps, user, params, query) => reports.batchAttendance(deps, user, params, query.batch_id),
    table: documents.batchAttendanceTable,
  });

  report({
    path: '/api/cwx/get-daily-json-attendance-by-batch/institution/:id/date/:date/weekly',
    description:
      'Attendance By Week: the Monday-Sunday week holding the day, one mark a day per student (Present, Absent, or --- after today and before the student joined the batch), with the week’s count.',
    params: institutionDayParamsSchema,
    querystring: reportBatchQuerySchema,
    answer: weeklyAttendanceReportSchema,
    load: (deps, user, params, query) => reports.weeklyAttendance(deps, user, params, query.batch_id),
    table: documents.weeklyAttendanceTable,
  });

  report({
    path: '/api/cwx/get-daily-json-attendance-by-subject/institution/:id/batch-subject/:batchSubjectId/date/:date',
    description:
      'The per-subject report: Attendance By Batch restricted to one batch subject (its enrolled students, its views and time spent).',
    params: subjectDayParamsSchema,
    querystring: reportBatchQuerySchema.pick({}),
    answer: batchAttendanceReportSchema,
    load: (deps, user, params) => reports.batchAttendance(deps, user, params, 'all'),
    table: documents.batchAttendanceTable,
  });

  report({
    path: '/api/cwx/get-daily-json-report-online/date/:date',
    description:
      'Attendance For Live Class: each live session starting on the day (the institution’s), with each invited student (a custom session’s selected students, else the batch’s students enrolled in the subject) Attended / Not Attended, first join, last leave and minutes present. `batch_id`: one batch or all.',
    params: liveClassParamsSchema,
    querystring: reportBatchQuerySchema,
    answer: liveClassReportSchema,
    load: (deps, user, params, query) => reports.liveClassAttendance(deps, user, params, query.batch_id),
    table: documents.liveClassTable,
  });

  report({
    path: '/api/cwx/get-json-report/topic/:topicId',
    description:
      'The topic report (`/topic/reports`): every student of the batches learning the topic’s subject (or of `batch_id`), Viewed / Not Viewed, minutes spent (2 decimals) and the last view time, in `data.result`.',
    params: topicReportParamsSchema,
    querystring: reportBatchQuerySchema,
    answer: topicReportSchema,
    load: (deps, user, params, query) => reports.topicReport(deps, user, params.topicId, query.batch_id),
    table: documents.topicReportTable,
  });

  report({
    path: '/api/cwx/get-teacher-report',
    description:
      'The faculty report (`/faculty/reports`, decision 17) in `data.result`: per active faculty member, topics authored, doubts on their batch subjects, doubts they answered, live sessions hosted, within `from`…`to` (the institution’s days; default its academic year, 1 April to 31 March).',
    querystring: teacherReportQuerySchema,
    answer: teacherReportSchema,
    load: (deps, user, _params, query) => reports.teacherReport(deps, user, query),
    table: documents.teacherReportTable,
  });
};
