import { fileSlug } from './file-slug.js';
import { REPORT_MARKS } from './labels/reports.js';
import { formatMessage, LABELS, markText } from './messages.js';
import type {
  BatchAttendanceReport,
  LiveClassReport,
  TeacherReport,
  TopicAttendanceReport,
  TopicReport,
  WeeklyAttendanceReport,
} from './schemas/reports.js';
import { dateRangeText, dateText, dateTimeText } from './time.js';

/**
 * Each report's table as the screen shows it (decision 31: PDF and CSV of exactly what it shows;
 * the web app renders these same tables, the server writes them as PDF and CSV):
 * headings from the label catalogue, days and instants by the one formatter (`time.ts`, decision 37:
 * DD-MM-YYYY, 'DD-MM-YYYY | hh:mm A' in the institution's time zone), minutes to 2 decimals.
 */
export interface ReportSection {
  /** Shown above the table when a report has several (one per batch); null for the only one. */
  heading: string | null;
  headers: string[];
  rows: string[][];
}

export interface ReportTable {
  institution: string;
  title: string;
  /** The PDF's lines under the title. */
  lines: string[];
  sections: ReportSection[];
  /** Without extension; made by the portal (ASCII). */
  filename: string;
}

const only = (headers: string[], rows: string[][]): ReportSection[] => [{ heading: null, headers, rows }];

const L = LABELS;

const minutesText = (minutes: number) => minutes.toFixed(2);
const numbered = (rows: string[][]) => rows.map((row, index) => [String(index + 1), ...row]);

const batchLine = (report: { batch_title: string | null }) =>
  `${L.reportBatch}: ${report.batch_title ?? L.reportAllBatches}`;

/** One grid per batch: a column per plan topic of the batch, a row per student. */
export function topicAttendanceTable(report: TopicAttendanceReport): ReportTable {
  const sections: ReportSection[] = [];
  const batches = [...new Set(report.topics.map((topic) => topic.batch_id))];
  const several = batches.length > 1;
  for (const batchId of batches) {
    const topics = report.topics.filter((topic) => topic.batch_id === batchId);
    const rows = report.result.filter((row) => row.batch_id === batchId);
    sections.push({
      heading: several ? `${L.reportBatch}: ${topics[0]!.batch_title}` : null,
      headers: [
        L.reportSlNo,
        L.reportStudentName,
        ...topics.map((topic) =>
          formatMessage(L.reportTopicOfSubject, { subject: topic.subject_title, topic: topic.topic_title }),
        ),
        L.reportTopicsViewed,
      ],
      rows: numbered(
        rows.map((row) => [
          row.student_name,
          ...row.attendance.map(markText),
          `${row.viewed_count}/${row.attendance.filter((mark) => mark !== REPORT_MARKS.noDay).length}`,
        ]),
      ),
    });
  }
  const viewed = report.topics.reduce((sum, topic) => sum + topic.viewed_count, 0);
  const total = report.topics.reduce((sum, topic) => sum + topic.student_count, 0);
  return {
    institution: report.institution_name,
    title: L.reportTypeByTopic,
    lines: [
      `${L.reportDate}: ${dateText(report.date)}`,
      batchLine(report),
      formatMessage(L.reportViewedCount, { viewed: String(viewed), total: String(total) }),
    ],
    sections: sections.length ? sections : only([L.reportSlNo, L.reportStudentName], []),
    filename: `attendance-by-topic-${report.date}`,
  };
}

export function batchAttendanceTable(report: BatchAttendanceReport): ReportTable {
  const bySubject = report.subject_title !== null;
  return {
    institution: report.institution_name,
    title: bySubject ? L.reportTypeBySubject : L.reportTypeByBatch,
    lines: [
      `${L.reportDate}: ${dateText(report.date)}`,
      batchLine(report),
      ...(bySubject ? [`${L.reportSubject}: ${report.subject_title}`] : []),
      formatMessage(L.reportPresentCount, {
        present: String(report.present_count),
        absent: String(report.absent_count),
      }),
    ],
    sections: only(
      [L.reportSlNo, L.reportStudentName, L.reportBatchTitle, L.reportAttendance, L.reportTimeSpent],
      numbered(
        report.result.map((row) => [
          row.student_name,
          row.batch_title,
          markText(row.attendance),
          minutesText(row.time_spent),
        ]),
      ),
    ),
    filename: bySubject
      ? `attendance-by-subject-${fileSlug(report.subject_title ?? '', 'report')}-${report.date}`
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
    lines: [`${L.reportDate}: ${dateRangeText(report.week_start, report.week_end)}`, batchLine(report)],
    sections: only(
      [
        L.reportSlNo,
        L.reportStudentName,
        L.reportBatchTitle,
        ...report.days.map((day, index) => `${WEEKDAYS[index]} ${dateText(day).slice(0, 5)}`),
        L.reportWeekCount,
      ],
      numbered(
        report.result.map((row) => [
          row.student_name,
          row.batch_title,
          ...row.days.map(markText),
          `${row.present_count}/${row.counted_days}`,
        ]),
      ),
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
    sections: only(
      [
        L.reportSlNo,
        L.reportStudentName,
        L.reportBatchTitle,
        L.reportAttendance,
        L.reportTimeSpent,
        L.reportLastViewed,
      ],
      numbered(
        report.result.map((row) => [
          row.student_name,
          row.batch_title,
          markText(row.attendance),
          minutesText(row.time_spent),
          dateTimeText(row.updated_at, report.time_zone),
        ]),
      ),
    ),
    filename: `topic-report-${fileSlug(report.topic_title, 'report')}`,
  };
}

export function teacherReportTable(report: TeacherReport): ReportTable {
  return {
    institution: report.institution_name,
    title: L.facultyAnalyticsTitle,
    lines: [`${L.reportFrom}: ${dateText(report.from)}   ${L.reportTo}: ${dateText(report.to)}`],
    sections: only(
      [
        L.reportSlNo,
        L.reportFacultyName,
        L.reportTopicsCount,
        L.reportDoubtsCount,
        L.reportDoubtsAnswered,
        L.reportOnlineSessions,
      ],
      numbered(
        report.result.map((row) => [
          row.name,
          String(row.topics_count),
          String(row.doubts_count),
          String(row.doubts_answered),
          String(row.online_session_count),
        ]),
      ),
    ),
    filename: `faculty-report-${report.from}-${report.to}`,
  };
}

/**
 * One section per session: its heading names the session, its batch, subject, teacher and times;
 * a row per invited student.
 */
export function liveClassTable(report: LiveClassReport): ReportTable {
  const headers = [
    L.reportSlNo,
    L.reportStudentName,
    L.reportAttendance,
    L.reportFirstJoin,
    L.reportLastLeave,
    L.reportMinutes,
  ];
  const sections = report.result.map((session) => ({
    heading: [
      `${L.reportSession}: ${session.title}`,
      `${L.reportBatchTitle}: ${session.batch_title}`,
      `${L.reportSubjectTitle}: ${session.subject_title}`,
      `${L.reportTeacher}: ${session.teacher}`,
      `${L.reportStart}: ${dateTimeText(session.start_time, report.time_zone)}`,
      `${L.reportEnd}: ${dateTimeText(session.end_time, report.time_zone)}`,
      `${L.reportAttended}: ${session.attended}/${session.invited}`,
    ].join('  ·  '),
    headers,
    rows: numbered(
      session.students.map((student) => [
        student.student_name,
        student.attendance,
        dateTimeText(student.first_join, report.time_zone),
        dateTimeText(student.last_leave, report.time_zone),
        minutesText(student.minutes),
      ]),
    ),
  }));
  return {
    institution: report.institution_name,
    title: L.reportTypeLiveClass,
    lines: [`${L.reportDate}: ${dateText(report.date)}`, batchLine(report)],
    sections: sections.length ? sections : only(headers, []),
    filename: `attendance-for-live-class-${report.date}`,
  };
}
