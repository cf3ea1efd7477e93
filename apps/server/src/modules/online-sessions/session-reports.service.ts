import {
  dateRangeText,
  dateTimeText,
  fileSlug,
  LABELS,
  type SessionReport,
  type SessionsReport,
  type sessionsReportQuerySchema,
} from '@portal/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { toCsv } from '../../lib/csv.js';
import { institutionTimeZone } from '../../lib/institution-day.js';
import { renderPdfTemplate } from '../../lib/pdf-pool.js';
import { institutionOf } from '../../lib/tenancy.js';
import type { AuthUser } from '../../plugins/auth.js';
import { presentSession } from './online-sessions.presenter.js';
import { batchExists } from './online-sessions.repository.js';
import { sessionFor } from './online-sessions.service.js';
import { sessionAttendance, sessionsInRange } from './session-reports.repository.js';

type RangeQuery = z.output<typeof sessionsReportQuerySchema>;

/**
 * GET /api/online-sessions/{id}/report (`/onlinesession/report`): one session's invited students
 * with their attendance; for its author, the batch subject's teachers and moderators.
 */
export async function sessionReport(
  deps: AppDeps,
  user: AuthUser,
  sessionId: string,
): Promise<SessionReport> {
  const { row, access } = await sessionFor(deps, user, sessionId);
  if (access === 'student') throw forbidden();
  const [rows, timeZone] = await Promise.all([
    sessionAttendance(deps.db, sessionId),
    institutionTimeZone(deps, institutionOf(user)),
  ]);
  const students = rows.map((entry) => ({
    student_id: entry.student_id,
    student_name: entry.student_name,
    batch_title: entry.batch_title,
    attendance: entry.first_join_at ? ('Attended' as const) : ('Not Attended' as const),
    first_join: entry.first_join_at?.toISOString() ?? null,
    last_leave: entry.last_seen_at?.toISOString() ?? null,
    minutes_present: entry.minutes_present,
  }));
  const attended = students.filter((entry) => entry.attendance === 'Attended').length;
  return {
    session: presentSession(row, access, deps.clock.now()),
    institution_name: user.institutionTitle ?? '',
    time_zone: timeZone,
    invited: students.length,
    attended,
    absent: students.length - attended,
    students,
  };
}

function sessionTable(report: SessionReport) {
  const header = [
    LABELS.reportSlNo,
    LABELS.sessionColStudent,
    LABELS.sessionColBatch,
    LABELS.sessionColStatus,
    LABELS.sessionColFirstJoin,
    LABELS.sessionColLastLeave,
    LABELS.sessionColMinutes,
  ];
  const body = report.students.map((entry, index) => [
    String(index + 1),
    entry.student_name,
    entry.batch_title,
    entry.attendance === 'Attended' ? LABELS.sessionAttended : LABELS.sessionNotAttended,
    dateTimeText(entry.first_join, report.time_zone),
    dateTimeText(entry.last_leave, report.time_zone),
    entry.minutes_present.toFixed(2),
  ]);
  return { header, body };
}

export async function sessionReportCsv(deps: AppDeps, user: AuthUser, sessionId: string) {
  const report = await sessionReport(deps, user, sessionId);
  const { header, body } = sessionTable(report);
  return {
    csv: toCsv([header, ...body]),
    filename: `session-${fileSlug(report.session.title, 'session')}.csv`,
  };
}

export async function sessionReportPdf(deps: AppDeps, user: AuthUser, sessionId: string) {
  const report = await sessionReport(deps, user, sessionId);
  const { header, body } = sessionTable(report);
  const { session } = report;
  const pdf = await renderPdfTemplate('sessionAttendance', {
    institution: report.institution_name,
    title: `${LABELS.sessionReportTitle} - ${session.title}`,
    lines: [
      `${LABELS.sessionColBatch}: ${session.batch_title}   ${LABELS.sessionColSubject}: ${session.subject_title}`,
      `${LABELS.sessionColTeacher}: ${session.author_name}`,
      `${LABELS.sessionColStart}: ${dateTimeText(session.start_time, report.time_zone)}   ${LABELS.sessionColEnd}: ${dateTimeText(session.end_time, report.time_zone)}`,
      `${LABELS.sessionColInvited}: ${report.invited}   ${LABELS.sessionColAttended}: ${report.attended}   ${LABELS.sessionColAbsent}: ${report.absent}`,
    ],
    header,
    rows: body,
    empty: LABELS.sessionReportEmpty,
  });
  return { pdf, filename: `session-${fileSlug(session.title, 'session')}.pdf` };
}

/**
 * GET /api/online-sessions/reports (`/onlinesessions/reports`): the institution's sessions of a
 * range of days, optionally of one batch, with invited, attended and absent counts.
 */
export async function sessionsReport(
  deps: AppDeps,
  user: AuthUser,
  query: RangeQuery,
): Promise<SessionsReport> {
  const institutionId = institutionOf(user);
  if (query.batch_id && !(await batchExists(deps.db, institutionId, query.batch_id))) throw notFound();
  const timeZone = await institutionTimeZone(deps, institutionId);
  const rows = await sessionsInRange(deps.db, {
    institutionId,
    from: query.from,
    to: query.to,
    timeZone,
    batchId: query.batch_id,
  });
  return {
    from: query.from,
    to: query.to,
    institution_name: user.institutionTitle ?? '',
    time_zone: timeZone,
    sessions: rows.map((entry) => ({
      session_id: entry.session_id,
      title: entry.title,
      batch_id: entry.batch_id,
      batch_title: entry.batch_title,
      subject_title: entry.subject_title,
      teacher: entry.teacher,
      start_time: entry.start_time.toISOString(),
      end_time: entry.end_time.toISOString(),
      is_custom: entry.is_custom,
      invited: entry.invited,
      attended: entry.attended,
      absent: entry.invited - entry.attended,
    })),
  };
}

function rangeTable(report: SessionsReport) {
  const header = [
    LABELS.reportSlNo,
    LABELS.sessionColTitle,
    LABELS.sessionColBatch,
    LABELS.sessionColSubject,
    LABELS.sessionColTeacher,
    LABELS.sessionColStart,
    LABELS.sessionColEnd,
    LABELS.sessionColInvited,
    LABELS.sessionColAttended,
    LABELS.sessionColAbsent,
  ];
  const body = report.sessions.map((entry, index) => [
    String(index + 1),
    entry.title,
    entry.batch_title,
    entry.subject_title,
    entry.teacher,
    dateTimeText(entry.start_time, report.time_zone),
    dateTimeText(entry.end_time, report.time_zone),
    String(entry.invited),
    String(entry.attended),
    String(entry.absent),
  ]);
  return { header, body };
}

export async function sessionsReportCsv(deps: AppDeps, user: AuthUser, query: RangeQuery) {
  const report = await sessionsReport(deps, user, query);
  const { header, body } = rangeTable(report);
  return { csv: toCsv([header, ...body]), filename: `sessions-${report.from}-${report.to}.csv` };
}

export async function sessionsReportPdf(deps: AppDeps, user: AuthUser, query: RangeQuery) {
  const report = await sessionsReport(deps, user, query);
  const { header, body } = rangeTable(report);
  const pdf = await renderPdfTemplate('sessionsReport', {
    institution: report.institution_name,
    title: LABELS.sessionsReportTitle,
    lines: [dateRangeText(report.from, report.to), `Sessions: ${report.sessions.length}`],
    header,
    rows: body,
    empty: LABELS.sessionsReportEmpty,
  });
  return { pdf, filename: `sessions-${report.from}-${report.to}.pdf` };
}
