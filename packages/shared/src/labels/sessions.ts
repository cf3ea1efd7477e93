/**
 * portal: texts of online sessions where the spec is silent (learning §2 "Online sessions", §4,
 * §5; management §2 Reports; decisions 29, 30, 32). The spec's own words (success banners, room
 * texts, empty states, "Please select students.") are in `MESSAGES` already.
 */
export const SESSION_MESSAGES = {
  sessionStartInPast: 'The start time cannot be before now.',
  sessionEndBeforeStart: 'The end time must be after the start time.',
  sessionTooLong: 'A session may last at most {hours} hours.',
  sessionTimeInvalid: 'Please pick a date and time.',
  sessionBatchMismatch: 'The subject is not taught to this batch.',
  sessionStudentsNotInSubject: 'Please select students of this batch who study this subject.',
  sessionTotalMismatch: 'The total of students does not match the students selected.',
  sessionEndedCannotDelete: 'This session has ended and can no longer be deleted.',
  sessionEndedCannotEdit: 'This session has ended and can no longer be changed.',
  sessionJoinClosed: 'This session can be joined from 5 minutes before its start until its end.',
  sessionOnlyAuthorPresence: 'Only the teacher of the session sets their presence.',
  sessionReportRangeInvalid: 'Please pick a start date on or before the end date, at most {days} days apart.',
  meetingScriptFailed: 'The meeting could not be loaded. Please check your connection and reload the page.',
} as const;

/** Labels of the session screens and of the session reports (their PDF and CSV columns too). */
export const SESSION_LABELS = {
  sessionAttended: 'Attended',
  sessionNotAttended: 'Not Attended',
  sessionsReportTitle: 'Live Session Report',
  sessionReportTitle: 'Live Session Attendance',
  sessionColTitle: 'Session',
  sessionColBatch: 'Batch',
  sessionColSubject: 'Subject',
  sessionColTeacher: 'Teacher',
  sessionColStart: 'Start',
  sessionColEnd: 'End',
  sessionColInvited: 'Invited',
  sessionColAttended: 'Attended',
  sessionColAbsent: 'Absent',
  sessionColStudent: 'Name',
  sessionColStatus: 'Attendance',
  sessionColFirstJoin: 'First Join',
  sessionColLastLeave: 'Last Leave',
  sessionColMinutes: 'Minutes Present',
  sessionsReportEmpty: 'No sessions in these dates.',
  sessionReportEmpty: 'No students are invited to this session.',
} as const;
