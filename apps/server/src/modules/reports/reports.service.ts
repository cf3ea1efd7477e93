import {
  ACADEMIC_YEAR_START,
  type BatchAttendanceReport,
  dayIn,
  type LiveClassReport,
  REPORT_ALL_BATCHES,
  REPORT_MARKS,
  type ReportBatchFilter,
  type TeacherReport,
  type TeacherReportQuery,
  type TopicAttendanceReport,
  type TopicReport,
  type WeeklyAttendanceReport,
} from '@portal/shared';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { institutionTimeZone } from '../../lib/institution-day.js';
import type { AuthUser } from '../../plugins/auth.js';
import { academicYearDays, weekOf } from './report-days.js';
import { reportInstitution } from './reports.policy.js';
import * as repository from './reports.repository.js';

/** The caller's institution (the path's must be it), its time zone and the batch filter's batch. */
async function scope(
  deps: AppDeps,
  user: AuthUser,
  institutionId: string | undefined,
  batch: ReportBatchFilter,
) {
  const id = reportInstitution(user, institutionId);
  const timeZone = await institutionTimeZone(deps, id);
  const batchId = batch === REPORT_ALL_BATCHES ? null : batch;
  const batchTitle = batchId ? await repository.findBatchTitle(deps.db, id, batchId) : null;
  if (batchId && batchTitle === null) throw notFound();
  return {
    institutionId: id,
    timeZone,
    batchId,
    header: {
      institution_name: user.institutionTitle ?? '',
      time_zone: timeZone,
      batch_id: batch,
      batch_title: batchTitle,
    },
  };
}

/**
 * Attendance By Topic (decision 16): a mark per plan topic of the student's batch; each topic's
 * counts are taken from the same marks.
 */
export async function topicAttendance(
  deps: AppDeps,
  user: AuthUser,
  params: { id: string; date: string },
  batch: ReportBatchFilter,
): Promise<TopicAttendanceReport> {
  const { institutionId, timeZone, batchId, header } = await scope(deps, user, params.id, batch);
  const query = { institutionId, date: params.date, batchId, timeZone };
  const [plan, rows] = await Promise.all([
    repository.planTopics(deps.db, query),
    repository.topicAttendanceRows(deps.db, query, {
      viewed: REPORT_MARKS.viewed,
      notViewed: REPORT_MARKS.notViewed,
      notEnrolled: REPORT_MARKS.noDay,
    }),
  ]);
  const topics = plan.map((topic) => ({ ...topic, student_count: 0, viewed_count: 0 }));
  const topicsOfBatch = new Map<string, typeof topics>();
  for (const topic of topics) {
    const list = topicsOfBatch.get(topic.batch_id) ?? [];
    list.push(topic);
    topicsOfBatch.set(topic.batch_id, list);
  }
  const result = rows.map((row) => {
    const ofBatch = topicsOfBatch.get(row.batch_id) ?? [];
    const attendance = row.attendance as TopicAttendanceReport['result'][number]['attendance'];
    attendance.forEach((mark, index) => {
      const topic = ofBatch[index];
      if (!topic || mark === REPORT_MARKS.noDay) return;
      topic.student_count += 1;
      if (mark === REPORT_MARKS.viewed) topic.viewed_count += 1;
    });
    return {
      student_id: row.student_id,
      student_name: row.student_name,
      batch_id: row.batch_id,
      batch_title: row.batch_title,
      date: params.date,
      attendance,
      viewed_count: attendance.filter((mark) => mark === REPORT_MARKS.viewed).length,
    };
  });
  return { ...header, date: params.date, topics, result };
}

/**
 * Attendance By Batch, or By Subject with `batchSubjectId` (decision 16): present with any view
 * or time spent that day (of that batch subject).
 */
export async function batchAttendance(
  deps: AppDeps,
  user: AuthUser,
  params: { id: string; date: string; batchSubjectId?: string },
  batch: ReportBatchFilter,
): Promise<BatchAttendanceReport> {
  const subject = params.batchSubjectId
    ? await repository.findBatchSubject(deps.db, reportInstitution(user, params.id), params.batchSubjectId)
    : null;
  if (params.batchSubjectId && !subject) throw notFound();
  // The per-subject report is about the batch subject's own batch.
  const filter = subject ? subject.batch_id : batch;
  const { institutionId, timeZone, batchId, header } = await scope(deps, user, params.id, filter);
  const rows = await repository.dailyPresenceRows(deps.db, {
    institutionId,
    date: params.date,
    batchId,
    batchSubjectId: subject?.id ?? null,
    timeZone,
  });
  const result = rows.map((row) => ({
    student_id: row.student_id,
    student_name: row.student_name,
    batch_id: row.batch_id,
    batch_title: row.batch_title,
    subject_title: subject?.subject_title ?? null,
    date: params.date,
    attendance: row.present ? REPORT_MARKS.present : REPORT_MARKS.absent,
    time_spent: row.time_spent,
  }));
  const present = rows.filter((row) => row.present).length;
  return {
    ...header,
    date: params.date,
    batch_subject_id: subject?.id ?? null,
    subject_title: subject?.subject_title ?? null,
    present_count: present,
    absent_count: rows.length - present,
    result,
  };
}

/**
 * Attendance By Week: the Monday-Sunday week of `date`, one mark a day per student; '---' after
 * the institution's today and before the student's first day in the batch.
 */
export async function weeklyAttendance(
  deps: AppDeps,
  user: AuthUser,
  params: { id: string; date: string },
  batch: ReportBatchFilter,
): Promise<WeeklyAttendanceReport> {
  const { institutionId, timeZone, batchId, header } = await scope(deps, user, params.id, batch);
  const days = weekOf(params.date);
  const start = days[0]!;
  const end = days[6]!;
  const today = dayIn(timeZone, deps.clock.now());
  const rows = await repository.weeklyPresenceRows(deps.db, { institutionId, start, end, batchId, timeZone });
  const result = rows.map((row) => {
    const active = new Set(row.active_days);
    const marks = days.map((day) => {
      if (day > today || day < row.joined_on) return REPORT_MARKS.noDay;
      return active.has(day) ? REPORT_MARKS.present : REPORT_MARKS.absent;
    });
    return {
      student_id: row.student_id,
      student_name: row.student_name,
      batch_id: row.batch_id,
      batch_title: row.batch_title,
      days: marks,
      present_count: marks.filter((mark) => mark === REPORT_MARKS.present).length,
      counted_days: marks.filter((mark) => mark !== REPORT_MARKS.noDay).length,
    };
  });
  return { ...header, date: params.date, today, week_start: start, week_end: end, days, result };
}

/** The topic report (decision 32). A deleted topic, or another institution's, answers 404. */
export async function topicReport(
  deps: AppDeps,
  user: AuthUser,
  topicId: string,
  batch: ReportBatchFilter,
): Promise<TopicReport> {
  const { institutionId, batchId, header } = await scope(deps, user, undefined, batch);
  const topic = await repository.findReportTopic(deps.db, institutionId, topicId);
  if (!topic) throw notFound();
  const rows = await repository.topicReportRows(deps.db, {
    institutionId,
    topicId,
    subjectId: topic.subject_id,
    batchId,
  });
  const result = rows.map((row) => ({
    student_id: row.student_id,
    student_name: row.student_name,
    batch_id: row.batch_id,
    batch_title: row.batch_title,
    subject_title: topic.subject_title,
    topic_title: topic.title,
    attendance: row.last_viewed_at ? REPORT_MARKS.viewed : REPORT_MARKS.notViewed,
    time_spent: row.time_spent,
    updated_at: row.last_viewed_at,
  }));
  return {
    ...header,
    topic_id: topic.id,
    topic_title: topic.title,
    chapter_title: topic.chapter_title,
    subject_title: topic.subject_title,
    viewed_count: result.filter((row) => row.attendance === REPORT_MARKS.viewed).length,
    result,
  };
}

/**
 * The faculty report (decision 17) for a range of the institution's days; without one, its
 * academic year (else the last 365 days up to today).
 */
export async function teacherReport(
  deps: AppDeps,
  user: AuthUser,
  query: TeacherReportQuery,
): Promise<TeacherReport> {
  const institutionId = reportInstitution(user);
  const timeZone = await institutionTimeZone(deps, institutionId);
  const today = dayIn(timeZone, deps.clock.now());
  const year = academicYearDays(user.academicYear, ACADEMIC_YEAR_START) ?? {
    from: dayIn(timeZone, new Date(deps.clock.now().getTime() - 364 * 86_400_000)),
    to: today,
  };
  const from = query.from ?? (query.to && query.to < year.from ? query.to : year.from);
  const to = query.to ?? (query.from && query.from > year.to ? query.from : year.to);
  const result = await repository.teacherReportRows(deps.db, { institutionId, from, to, timeZone });
  return {
    institution_name: user.institutionTitle ?? '',
    time_zone: timeZone,
    academic_year: user.academicYear ?? '',
    from,
    to,
    result,
  };
}

/**
 * Attendance For Live Class (decisions 16, 30, 32): the sessions starting on the institution's
 * day, each with its invited students Attended / Not Attended and the session's counts.
 */
export async function liveClassAttendance(
  deps: AppDeps,
  user: AuthUser,
  params: { date: string },
  batch: ReportBatchFilter,
): Promise<LiveClassReport> {
  const { institutionId, timeZone, batchId, header } = await scope(deps, user, undefined, batch);
  const sessions = await repository.liveClassRows(
    deps.db,
    { institutionId, date: params.date, batchId, timeZone },
    { attended: REPORT_MARKS.attended, notAttended: REPORT_MARKS.notAttended },
  );
  const result = sessions.map((session) => {
    const students = session.students as LiveClassReport['result'][number]['students'];
    const attended = students.filter((student) => student.attendance === REPORT_MARKS.attended).length;
    return {
      session_id: session.session_id,
      title: session.title,
      batch_id: session.batch_id,
      batch_title: session.batch_title,
      subject_title: session.subject_title,
      teacher: session.teacher,
      start_time: session.start_time,
      end_time: session.end_time,
      invited: students.length,
      attended,
      absent: students.length - attended,
      students,
    };
  });
  return { ...header, date: params.date, result };
}
