import { z } from 'zod';
import { CALENDAR_DATE_RANGE } from '../constants.js';
import { REPORT_MARKS } from '../labels/reports.js';
import { formatMessage, MESSAGES } from '../messages.js';
import { idSchema } from './common.js';

/**
 * The moderators' reports (management §2 "Reports", §3, §4, §7, §9; decisions 14, 16, 17, 31, 32).
 * Days are the institution's (its time zone); a report names the day it is about as `YYYY-MM-DD`
 * and its instants as ISO 8601. Minutes are rounded to 2 decimals. Every report has a PDF and a
 * CSV of the same table at its path followed by `/pdf` or `/csv`.
 */

/** The batch filter's "every batch" (management §9: the filter defaults to 'all'). */
export const REPORT_ALL_BATCHES = 'all';
/**
 * The most rows a report's PDF holds: four 5,000-student institutions' worth (a 5,000-row table is
 * drawn in about half a second, some 160 pages). A longer report is downloaded as CSV, or as PDF
 * per batch.
 */
export const REPORT_PDF_MAX_ROWS = 20_000;
/** The longest range of the faculty report: two academic years. */
export const TEACHER_REPORT_MAX_DAYS = 731;
/** An academic year `2026-27` runs from 1 April 2026 to 31 March 2027 (the school year in India). */
export const ACADEMIC_YEAR_START = { month: 4, day: 1 } as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) =>
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** A report's day, `YYYY-MM-DD` (management §9 "report dates"), a real day within 2000-2099. */
export const reportDateSchema = z
  .string({ error: MESSAGES.reportDateInvalid })
  .regex(ISO_DAY, MESSAGES.reportDateInvalid)
  .refine((value) => !ISO_DAY.test(value) || isRealDay(value), MESSAGES.reportDateInvalid)
  .refine(
    (value) => !ISO_DAY.test(value) || (value >= CALENDAR_DATE_RANGE.min && value <= CALENDAR_DATE_RANGE.max),
    MESSAGES.calendarDateRange,
  );

/** `?batch_id=`: one batch of the institution, or 'all' (the default). */
export const reportBatchFilterSchema = z
  .union([z.literal(REPORT_ALL_BATCHES), idSchema], { error: MESSAGES.reportBatchInvalid })
  .default(REPORT_ALL_BATCHES);
export type ReportBatchFilter = z.infer<typeof reportBatchFilterSchema>;

export const reportBatchQuerySchema = z.object({ batch_id: reportBatchFilterSchema });
export type ReportBatchQuery = z.input<typeof reportBatchQuerySchema>;

/** `/institution/{id}/date/{date}`: the caller's institution (another one answers 404) and the day. */
export const institutionDayParamsSchema = z.object({ id: idSchema, date: reportDateSchema });
/** The per-subject report: one batch subject of the institution. */
export const subjectDayParamsSchema = z.object({
  id: idSchema,
  batchSubjectId: idSchema,
  date: reportDateSchema,
});
export const liveClassParamsSchema = z.object({ date: reportDateSchema });
export const topicReportParamsSchema = z.object({ topicId: idSchema });

const viewMark = z.enum([REPORT_MARKS.viewed, REPORT_MARKS.notViewed]);
const presenceMark = z.enum([REPORT_MARKS.present, REPORT_MARKS.absent]);
const weekMark = z.enum([REPORT_MARKS.present, REPORT_MARKS.absent, REPORT_MARKS.noDay]);
const sessionMark = z.enum([REPORT_MARKS.attended, REPORT_MARKS.notAttended]);

/** What every report says about itself (the PDF's heading). */
const reportHeader = {
  institution_name: z.string(),
  time_zone: z.string(),
  /** The batch filter as applied: a batch id or 'all'. */
  batch_id: z.string(),
  /** The filtered batch's title, null for 'all'. */
  batch_title: z.string().nullable(),
};

/**
 * Attendance By Topic (GET /api/cwx/get-daily-json-report/institution/{id}/date/{date}): the day's
 * study-plan topics (`topics`, grouped by batch), and per student of the batch one mark per topic
 * of their batch, in the order of `topics`: Viewed when they had opened it by the end of that day
 * (decisions 14, 16), Not Viewed, or '---' for a subject they are not enrolled in. A grid, so the
 * whole institution's day stays small (5,000 students, not 40,000 rows).
 */
export const planTopicSchema = z.object({
  batch_id: z.uuid(),
  batch_title: z.string(),
  batch_subject_id: z.uuid(),
  subject_title: z.string(),
  topic_id: z.uuid(),
  topic_title: z.string(),
  /** Students enrolled in the subject, and how many of them had viewed the topic. */
  student_count: z.number().int(),
  viewed_count: z.number().int(),
});
export type PlanTopic = z.infer<typeof planTopicSchema>;

export const topicAttendanceRowSchema = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  batch_id: z.uuid(),
  batch_title: z.string(),
  date: z.string(),
  /** One mark per topic of the student's batch in `topics`, in that order. */
  attendance: z.array(z.enum([REPORT_MARKS.viewed, REPORT_MARKS.notViewed, REPORT_MARKS.noDay])),
  viewed_count: z.number().int(),
});
export type TopicAttendanceRow = z.infer<typeof topicAttendanceRowSchema>;

export const topicAttendanceReportSchema = z.object({
  ...reportHeader,
  date: z.string(),
  topics: z.array(planTopicSchema),
  result: z.array(topicAttendanceRowSchema),
});
export type TopicAttendanceReport = z.infer<typeof topicAttendanceReportSchema>;

/**
 * Attendance By Batch (…/get-daily-json-attendance-by-batch/institution/{id}/date/{date}) and By
 * Subject (…/get-daily-json-attendance-by-subject/institution/{id}/batch-subject/{id}/date/{date}):
 * Present when the student has any topic view or time-spent record that day (decision 16; By
 * Subject: of that batch subject). `time_spent`: the day's minutes (of the subject).
 */
export const batchAttendanceRowSchema = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  batch_id: z.uuid(),
  batch_title: z.string(),
  /** The per-subject report's subject; null in By Batch. */
  subject_title: z.string().nullable(),
  date: z.string(),
  attendance: presenceMark,
  time_spent: z.number(),
});
export type BatchAttendanceRow = z.infer<typeof batchAttendanceRowSchema>;

export const batchAttendanceReportSchema = z.object({
  ...reportHeader,
  date: z.string(),
  batch_subject_id: z.uuid().nullable(),
  subject_title: z.string().nullable(),
  present_count: z.number().int(),
  absent_count: z.number().int(),
  result: z.array(batchAttendanceRowSchema),
});
export type BatchAttendanceReport = z.infer<typeof batchAttendanceReportSchema>;

/**
 * Attendance By Week (…/get-daily-json-attendance-by-batch/institution/{id}/date/{date}/weekly):
 * the Monday-Sunday week holding `date`; per student one mark a day: Present, Absent, or '---' for
 * a day after today or before the student joined the batch. `present_count` counts the week's
 * Present days, `counted_days` the days that have a mark other than '---'.
 */
export const weeklyAttendanceRowSchema = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  batch_id: z.uuid(),
  batch_title: z.string(),
  days: z.array(weekMark).length(7),
  present_count: z.number().int(),
  counted_days: z.number().int(),
});
export type WeeklyAttendanceRow = z.infer<typeof weeklyAttendanceRowSchema>;

export const weeklyAttendanceReportSchema = z.object({
  ...reportHeader,
  date: z.string(),
  /** The institution's today: the days after it are '---'. */
  today: z.string(),
  week_start: z.string(),
  week_end: z.string(),
  /** The seven days, Monday first. */
  days: z.array(z.string()).length(7),
  result: z.array(weeklyAttendanceRowSchema),
});
export type WeeklyAttendanceReport = z.infer<typeof weeklyAttendanceReportSchema>;

/**
 * The topic report (GET /api/cwx/get-json-report/topic/{topicid}, `/topic/reports`, decision 32):
 * every student of the batches learning the topic's subject (or of `batch_id`), Viewed / Not
 * Viewed, minutes spent on it (2 decimals) and the last view time.
 */
export const topicReportRowSchema = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  batch_id: z.uuid(),
  batch_title: z.string(),
  subject_title: z.string(),
  topic_title: z.string(),
  attendance: viewMark,
  time_spent: z.number(),
  updated_at: z.string().nullable(),
});
export type TopicReportRow = z.infer<typeof topicReportRowSchema>;

export const topicReportSchema = z.object({
  ...reportHeader,
  topic_id: z.uuid(),
  topic_title: z.string(),
  chapter_title: z.string(),
  subject_title: z.string(),
  viewed_count: z.number().int(),
  result: z.array(topicReportRowSchema),
});
export type TopicReport = z.infer<typeof topicReportSchema>;

/** `?from=&to=` of the faculty report; both default to the institution's academic year. */
export const teacherReportQuerySchema = z
  .object({ from: reportDateSchema.optional(), to: reportDateSchema.optional() })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: MESSAGES.reportRangeInvalid,
    path: ['to'],
  })
  .refine(
    (value) =>
      !value.from ||
      !value.to ||
      (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 < TEACHER_REPORT_MAX_DAYS,
    {
      message: formatMessage(MESSAGES.reportRangeTooLong, { days: String(TEACHER_REPORT_MAX_DAYS) }),
      path: ['to'],
    },
  );
export type TeacherReportQuery = z.input<typeof teacherReportQuerySchema>;

/**
 * The faculty report (GET /api/cwx/get-teacher-report, `/faculty/reports`, decision 17), per
 * active faculty member, within the range of the institution's days: topics authored, doubts asked
 * on the batch subjects they teach, doubts they replied to, live sessions they hosted.
 */
export const teacherReportRowSchema = z.object({
  faculty_id: z.uuid(),
  name: z.string(),
  topics_count: z.number().int(),
  doubts_count: z.number().int(),
  doubts_answered: z.number().int(),
  online_session_count: z.number().int(),
});
export type TeacherReportRow = z.infer<typeof teacherReportRowSchema>;

export const teacherReportSchema = z.object({
  institution_name: z.string(),
  time_zone: z.string(),
  academic_year: z.string(),
  from: z.string(),
  to: z.string(),
  result: z.array(teacherReportRowSchema),
});
export type TeacherReport = z.infer<typeof teacherReportSchema>;

/**
 * Attendance For Live Class (GET /api/cwx/get-daily-json-report-online/date/{date}, decisions 16,
 * 30, 32): each session starting on the day, with each invited student Attended / Not Attended,
 * first join, last leave and minutes present.
 */
export const liveClassStudentSchema = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  attendance: sessionMark,
  first_join: z.string().nullable(),
  last_leave: z.string().nullable(),
  minutes: z.number(),
});
export const liveClassSessionSchema = z.object({
  session_id: z.uuid(),
  title: z.string(),
  batch_id: z.uuid(),
  batch_title: z.string(),
  subject_title: z.string(),
  teacher: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  invited: z.number().int(),
  attended: z.number().int(),
  absent: z.number().int(),
  students: z.array(liveClassStudentSchema),
});
export type LiveClassSession = z.infer<typeof liveClassSessionSchema>;

export const liveClassReportSchema = z.object({
  ...reportHeader,
  date: z.string(),
  result: z.array(liveClassSessionSchema),
});
export type LiveClassReport = z.infer<typeof liveClassReportSchema>;
