/**
 * The reports' words (management §2 "Reports", §3 "Reports", §4, §9; decisions 16, 17, 31, 32).
 * The marks a report shows are the spec's: Viewed / Not Viewed, Attended / Not Attended, '---' for
 * the days of a week after today. Present / Absent (decision 16) and the headings are the portal's.
 */
export const REPORT_MARKS = {
  viewed: 'Viewed',
  notViewed: 'Not Viewed',
  present: 'Present',
  absent: 'Absent',
  attended: 'Attended',
  notAttended: 'Not Attended',
  /** A day of the week after today, or before the student joined the batch. */
  noDay: '---',
} as const;

/** Failures of the report calls (portal: the spec has no words for them). */
export const REPORT_MESSAGES = {
  reportDateInvalid: 'Please pick a valid date.',
  reportRangeInvalid: 'The start date must not be after the end date.',
  reportRangeTooLong: 'Please pick a range of at most {days} days.',
  reportBatchInvalid: "Please pick a batch, or 'all'.",
  reportPdfTooLong: 'The PDF holds at most {max} rows: please pick a batch. The CSV has every row.',
} as const;

/** Headings, buttons and column names of `/reports`, `/topic/reports` and `/faculty/reports`. */
export const REPORT_LABELS = {
  studentAnalyticsTitle: 'Student Analytics',
  facultyAnalyticsTitle: 'Faculty Analytics',
  topicReportTitle: 'Topic Report',
  reportDate: 'Date',
  reportDatePlaceholder: 'DD-MM-YYYY',
  reportType: 'Report type',
  reportBatch: 'Batch',
  reportSubject: 'Subject',
  reportAllBatches: 'all',
  reportFrom: 'From',
  reportTo: 'To',
  reportPdf: 'Pdf',
  reportCsv: 'CSV',
  // The report types of /reports (management §2; decision 16)
  reportTypeByTopic: 'Attendance By Topic',
  reportTypeByBatch: 'Attendance By Batch',
  reportTypeByWeek: 'Attendance By Week',
  reportTypeLiveClass: 'Attendance For Live Class',
  reportTypeBySubject: 'Attendance By Subject',
  // Columns (the names of §3's rows)
  reportSlNo: 'Sl No',
  reportStudentName: 'Student Name',
  reportBatchTitle: 'Batch',
  reportSubjectTitle: 'Subject',
  reportTopicTitle: 'Topic',
  reportAttendance: 'Attendance',
  reportTimeSpent: 'Time Spent (min)',
  reportLastViewed: 'Last Viewed',
  reportWeekCount: 'Days Present',
  reportTopicsViewed: 'Topics Viewed',
  reportTopicOfSubject: '{subject}: {topic}',
  reportSession: 'Session',
  reportTeacher: 'Teacher',
  reportStart: 'Start',
  reportEnd: 'End',
  reportInvited: 'Invited',
  reportAttended: 'Attended',
  reportAbsent: 'Absent',
  reportFirstJoin: 'First Join',
  reportLastLeave: 'Last Leave',
  reportMinutes: 'Minutes',
  reportFacultyName: 'Name',
  reportTopicsCount: 'Topics',
  reportDoubtsCount: 'Doubts',
  reportDoubtsAnswered: 'Doubts Answered',
  reportOnlineSessions: 'Online Sessions',
  reportMinutesPerStudent: 'Minutes per student',
  reportWeekGrid: 'Attendance of the week',
  reportWeekGridPickBatch: 'Pick a batch to see the week as a grid.',
  reportViewedCount: '{viewed} of {total} viewed',
  reportPresentCount: '{present} present, {absent} absent',
  reportNoRows: 'Nothing to show for this choice.',
  // Week days, Monday first (management §9)
  weekdayMon: 'Mon',
  weekdayTue: 'Tue',
  weekdayWed: 'Wed',
  weekdayThu: 'Thu',
  weekdayFri: 'Fri',
  weekdaySat: 'Sat',
  weekdaySun: 'Sun',
} as const;
