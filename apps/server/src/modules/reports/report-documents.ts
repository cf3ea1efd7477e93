import {
  type BatchAttendanceReport,
  formatMessage,
  LABELS,
  type TeacherReport,
  type TopicAttendanceReport,
  type TopicReport,
  type WeeklyAttendanceReport,
} from '@portal/shared';
import { toCsv } from '../../lib/csv.js';
import { renderPdfTemplate } from '../../lib/pdf-pool.js';

/**
 * Each report's table as the screen shows it (decision 31: PDF and CSV of exactly what it shows):
 * headings from the label catalogue, days as DD-MM-YYYY and instants as 'DD-MM-YYYY | hh:mm A' in
 * the institution's time zone (management §9), minutes to 2 decimals.
 */
export interface ReportTable {
  institution: string;
  title: string;
  /** The PDF's lines under the title. */
  lines: string[];
  headers: string[];
  rows: string[][];
  /** Without extension; made by the portal (ASCII). */
  filename: string;
}

const L = LABELS;

/** 'YYYY-MM-DD' as DD-MM-YYYY. */
export const dayText = (day: string) => day.split('-').reverse().join('-');

/** An instant as 'DD-MM-YYYY | hh:mm A' in `timeZone`. */
export function instantText(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} | ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}

const minutesText = (minutes: number) => minutes.toFixed(2);
const numbered = (rows: string[][]) => rows.map((row, index) => [String(index + 1), ...row]);

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'report';

const batchLine = (report: { batch_title: string | null }) =>
  `${L.reportBatch}: ${report.batch_title ?? L.reportAllBatches}`;

export function topicAttendanceTable(report: TopicAttendanceReport): ReportTable {
  return {
    institution: report.institution_name,
    title: L.reportTypeByTopic,
    lines: [
      `${L.reportDate}: ${dayText(report.date)}`,
      batchLine(report),
      formatMessage(L.reportViewedCount, {
        viewed: String(report.viewed_count),
        total: String(report.result.length),
      }),
    ],
    headers: [
      L.reportSlNo,
      L.reportStudentName,
      L.reportBatchTitle,
      L.reportSubjectTitle,
      L.reportTopicTitle,
      L.reportAttendance,
      L.reportLastViewed,
    ],
    rows: numbered(
      report.result.map((row) => [
        row.student_name,
        row.batch_title,
        row.subject_title,
        row.topic_title,
        row.attendance,
        instantText(row.updated_at, report.time_zone),
      ]),
    ),
    filename: `attendance-by-topic-${report.date}`,
  };
}

export function batchAttendanceTable(report: BatchAttendanceReport): ReportTable {
  const bySubject = report.subject_title !== null;
  return {
    institution: report.institution_name,
    title: bySubject ? L.reportTypeBySubject : L.reportTypeByBatch,
    lines: [
      `${L.reportDate}: ${dayText(report.date)}`,
      batchLine(report),
      ...(bySubject ? [`${L.reportSubject}: ${report.subject_title}`] : []),
      formatMessage(L.reportPresentCount, {
        present: String(report.present_count),
        absent: String(report.absent_count),
      }),
    ],
    headers: [L.reportSlNo, L.reportStudentName, L.reportBatchTitle, L.reportAttendance, L.reportTimeSpent],
    rows: numbered(
      report.result.map((row) => [
        row.student_name,
        row.batch_title,
        row.attendance,
        minutesText(row.time_spent),
      ]),
    ),
    filename: bySubject
      ? `attendance-by-subject-${slug(report.subject_title ?? '')}-${report.date}`
      : `attendance-by-batch-${report.date}`,
  };
}

const WEEKDAYS = [
  L.weekdayMon,
  L.weekdayTue,
  L.weekdayWed,
  L.weekdayThu,
  L.weekdayFri,
  L.weekdaySat,
  L.weekdaySun,
];

export function weeklyAttendanceTable(report: WeeklyAttendanceReport): ReportTable {
  return {
    institution: report.institution_name,
    title: L.reportTypeByWeek,
    lines: [
      `${L.reportDate}: ${dayText(report.week_start)} - ${dayText(report.week_end)}`,
      batchLine(report),
    ],
    headers: [
      L.reportSlNo,
      L.reportStudentName,
      L.reportBatchTitle,
      ...report.days.map((day, index) => `${WEEKDAYS[index]} ${dayText(day).slice(0, 5)}`),
      L.reportWeekCount,
    ],
    rows: numbered(
      report.result.map((row) => [
        row.student_name,
        row.batch_title,
        ...row.days,
        `${row.present_count}/${row.counted_days}`,
      ]),
    ),
    filename: `attendance-by-week-${report.week_start}`,
  };
}

export function topicReportTable(report: TopicReport): ReportTable {
  return {
    institution: report.institution_name,
    title: `${L.topicReportTitle} - ${report.topic_title}`,
    lines: [
      `${L.reportSubject}: ${report.subject_title}`,
      batchLine(report),
      formatMessage(L.reportViewedCount, {
        viewed: String(report.viewed_count),
        total: String(report.result.length),
      }),
    ],
    headers: [
      L.reportSlNo,
      L.reportStudentName,
      L.reportBatchTitle,
      L.reportAttendance,
      L.reportTimeSpent,
      L.reportLastViewed,
    ],
    rows: numbered(
      report.result.map((row) => [
        row.student_name,
        row.batch_title,
        row.attendance,
        minutesText(row.time_spent),
        instantText(row.updated_at, report.time_zone),
      ]),
    ),
    filename: `topic-report-${slug(report.topic_title)}`,
  };
}

export function teacherReportTable(report: TeacherReport): ReportTable {
  return {
    institution: report.institution_name,
    title: L.facultyAnalyticsTitle,
    lines: [`${L.reportFrom}: ${dayText(report.from)}   ${L.reportTo}: ${dayText(report.to)}`],
    headers: [
      L.reportSlNo,
      L.reportFacultyName,
      L.reportTopicsCount,
      L.reportDoubtsCount,
      L.reportDoubtsAnswered,
      L.reportOnlineSessions,
    ],
    rows: numbered(
      report.result.map((row) => [
        row.name,
        String(row.topics_count),
        String(row.doubts_count),
        String(row.doubts_answered),
        String(row.online_session_count),
      ]),
    ),
    filename: `faculty-report-${report.from}-${report.to}`,
  };
}

export const tableCsv = (table: ReportTable) => ({
  csv: toCsv([table.headers, ...table.rows]),
  filename: `${table.filename}.csv`,
});

export async function tablePdf(table: ReportTable) {
  const pdf = await renderPdfTemplate('reportTable', {
    institution: table.institution,
    title: table.title,
    lines: table.lines,
    headers: table.headers,
    rows: table.rows,
    emptyText: L.reportNoRows,
  });
  return { pdf, filename: `${table.filename}.pdf` };
}
