import { z } from 'zod';
import { formatMessage, MESSAGES } from '../messages.js';
import { idSchema, requiredText } from './common.js';
import { pageInfoSchema, pageQuerySchema } from './pagination.js';
import { reportDateSchema } from './reports.js';
import { isoDateSchema } from './study-plans.js';

/**
 * Online sessions (learning §2 "Online sessions", §3 "Online session", §4, §5, §7; management §2
 * Reports; decisions 24, 29, 30, 32).
 */

/** The Attend button and the room's heartbeats are open from this long before the start (learning §9). */
export const SESSION_JOIN_BEFORE_START_MS = 5 * 60_000;
/** The room page sends a heartbeat this often while it is open (decision 30). */
export const SESSION_HEARTBEAT_INTERVAL_MS = 15_000;
/**
 * The teacher is present while heartbeats arrive, and no longer once this long has passed since
 * the last (decision 30). A student's gap longer than this is time away: not counted as present.
 */
export const SESSION_PRESENCE_TIMEOUT_MS = 45_000;
/** Students poll the room every 5 seconds (learning §9) while the event stream is not there. */
export const SESSION_POLL_INTERVAL_MS = 5_000;
/** Picker steps (learning §9): live sessions 30 minutes, the online-session form 15. */
export const LIVE_SESSION_TIME_STEP_MINUTES = 30;
export const ONLINE_SESSION_TIME_STEP_MINUTES = 15;
/** The end the form proposes: 30 minutes after the start (learning §5). */
export const SESSION_DEFAULT_LENGTH_MINUTES = 30;
export const SESSION_MAX_HOURS = 12;
export const SESSION_TITLE_MAX = 200;
/** A custom session's selected students (a batch holds a few hundred at most). */
export const SESSION_STUDENTS_MAX = 1000;
/** The longest date range of a sessions report. */
export const SESSION_REPORT_MAX_DAYS = 92;
/** Instants a session may start or end: the years a school plans (as assessments). */
export const SESSION_TIME_RANGE = { min: '2000-01-01T00:00:00Z', max: '2100-01-01T00:00:00Z' } as const;

/**
 * The earliest start a new session may have at `now`: the beginning of the current 15-minute slot,
 * so a start picked on the pickers' steps a few minutes ago is still accepted (learning §5 "Start
 * cannot be before now"). Used by the forms and the server alike.
 */
export function earliestSessionStart(now: Date): Date {
  const step = ONLINE_SESSION_TIME_STEP_MINUTES * 60_000;
  return new Date(Math.floor(now.getTime() / step) * step);
}

/**
 * A form opened just before a slot's end starts at that slot; sent a moment after it, its start is
 * still taken for this long (a teacher should not lose a filled form to the clock's turn).
 */
export const SESSION_START_GRACE_MS = 5 * 60_000;

/** Whether a new session may start at `start`, sent at `now` (its slot, or the last one within the grace). */
export const sessionStartAccepted = (start: Date, now: Date): boolean =>
  start.getTime() >= earliestSessionStart(new Date(now.getTime() - SESSION_START_GRACE_MS)).getTime();

/**
 * The end the form moves to when the start changes (learning §5): 30 minutes after the start when
 * the end is not later than the start, or more than 30 minutes after it; else the end as it is.
 */
export function endAfterStartChange(start: Date, end: Date | null): Date {
  const gap = end ? end.getTime() - start.getTime() : 0;
  const length = SESSION_DEFAULT_LENGTH_MINUTES * 60_000;
  return end && gap > 0 && gap <= length ? end : new Date(start.getTime() + length);
}

const SPACED_UTC = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2})?)$/;

/**
 * A session time as an ISO 8601 instant (UTC). Accepts an ISO instant with its offset, or the
 * custom session's "year-month-day hour:minute:second" in UTC (learning §7); within 2000-2099.
 */
export const sessionTimeSchema = z
  .string({ error: MESSAGES.fillTheForm })
  .trim()
  .min(1, MESSAGES.fillTheForm)
  .transform((value) => value.replace(SPACED_UTC, '$1T$2Z'))
  .pipe(z.iso.datetime({ offset: true, error: MESSAGES.sessionTimeInvalid }))
  .transform((value) => new Date(value).toISOString())
  .refine((value) => {
    const at = Date.parse(value);
    return at >= Date.parse(SESSION_TIME_RANGE.min) && at < Date.parse(SESSION_TIME_RANGE.max);
  }, MESSAGES.sessionTimeInvalid);

const endAfterStart = (value: { start_time?: string; end_time?: string }) => {
  const start = Date.parse(value.start_time ?? '');
  const end = Date.parse(value.end_time ?? '');
  return Number.isNaN(start) || Number.isNaN(end) || end > start;
};
const endAfterStartIssue = { message: MESSAGES.sessionEndBeforeStart, path: ['end_time'] };

/**
 * POST /api/online-sessions (learning §7): a live session of a batch subject the faculty member
 * teaches; every field required ("Please fill all form fields"). `subject_id` is accepted for
 * `batch_subject_id` (learning §3 "or subject_id, treated as batch_subject_id").
 */
export const createOnlineSessionBodySchema = z
  .object({
    title: requiredText(MESSAGES.fillAllFormFields, SESSION_TITLE_MAX),
    start_time: sessionTimeSchema,
    end_time: sessionTimeSchema,
    batch_id: z.uuid({ error: MESSAGES.fillAllFormFields }),
    batch_subject_id: z.uuid({ error: MESSAGES.fillAllFormFields }).optional(),
    subject_id: z.uuid({ error: MESSAGES.fillAllFormFields }).optional(),
  })
  .refine((value) => value.batch_subject_id || value.subject_id, {
    message: MESSAGES.fillAllFormFields,
    path: ['batch_subject_id'],
  })
  .refine(endAfterStart, endAfterStartIssue);
export type CreateOnlineSessionBody = z.input<typeof createOnlineSessionBodySchema>;

/**
 * POST /api/online-sessions/student-id: a custom session, open only to the selected students
 * (learning §2, §5, §7). `subject_id` is the batch subject (as the spec sends it); `batch_id` may be
 * left out (the batch subject's); `faculty_id`, when sent, must be the caller; `total_students`,
 * when sent, must equal the number of students.
 */
export const createCustomSessionBodySchema = z
  .object({
    title: requiredText(MESSAGES.fillTheForm, SESSION_TITLE_MAX),
    start_time: sessionTimeSchema,
    end_time: sessionTimeSchema,
    subject_id: z.uuid({ error: MESSAGES.fillTheForm }).optional(),
    batch_subject_id: z.uuid({ error: MESSAGES.fillTheForm }).optional(),
    batch_id: z.uuid({ error: MESSAGES.fillTheForm }).optional(),
    faculty_id: z.uuid({ error: MESSAGES.fillTheForm }).optional(),
    student_ids: z
      .array(idSchema, { error: MESSAGES.selectStudents })
      .min(1, MESSAGES.selectStudents)
      .max(
        SESSION_STUDENTS_MAX,
        formatMessage(MESSAGES.atMostStudents, { max: String(SESSION_STUDENTS_MAX) }),
      ),
    total_students: z.number().int().min(0).max(SESSION_STUDENTS_MAX).optional(),
  })
  .refine((value) => value.batch_subject_id || value.subject_id, {
    message: MESSAGES.fillTheForm,
    path: ['subject_id'],
  })
  .refine(endAfterStart, endAfterStartIssue)
  .refine(
    (value) => value.total_students === undefined || value.total_students === value.student_ids.length,
    {
      message: MESSAGES.sessionTotalMismatch,
      path: ['total_students'],
    },
  );
export type CreateCustomSessionBody = z.input<typeof createCustomSessionBodySchema>;

/**
 * PATCH /api/online-sessions/{id}: the author changes title and times before the end. The spec's
 * `author_logged_in` is accepted from the author only: `false` marks them gone at once (leaving the
 * room), `true` counts as a heartbeat; presence otherwise follows the heartbeats (decision 30).
 */
export const updateOnlineSessionBodySchema = z
  .object({
    title: requiredText(MESSAGES.fillAllFormFields, SESSION_TITLE_MAX),
    start_time: sessionTimeSchema,
    end_time: sessionTimeSchema,
    author_logged_in: z.boolean(),
  })
  .partial()
  .refine(endAfterStart, endAfterStartIssue);
export type UpdateOnlineSessionBody = z.input<typeof updateOnlineSessionBodySchema>;

/** Upcoming while the session has not ended (it can still be attended), Previous after its end. */
export const SESSION_TIME_TABS = ['upcoming', 'previous'] as const;
export type SessionTimeTab = (typeof SESSION_TIME_TABS)[number];
/** Newest start first (management §7 "Live sessions are sorted by start time, newest first"), or soonest first (carousels). */
export const SESSION_ORDERS = ['newest', 'soonest'] as const;

/**
 * GET /api/users/me/online-sessions and GET /api/online-sessions/batch/{id}: one tab at a time with
 * both tabs' counts, optionally of one batch or batch subject, or of one day (`date`, the
 * institution's day: the student home's carousel of today's sessions); keyset pages.
 */
export const onlineSessionListQuerySchema = pageQuerySchema.extend({
  when: z.enum(SESSION_TIME_TABS).default('upcoming'),
  order: z.enum(SESSION_ORDERS).default('newest'),
  batch_id: idSchema.optional(),
  batch_subject_id: idSchema.optional(),
  date: isoDateSchema.optional(),
});
export type OnlineSessionListQuery = z.input<typeof onlineSessionListQuerySchema>;

/**
 * Where the reader stands with the room at the server's time (learning §4): `yet_to_start` before
 * the start ("Live Session yet to start ..."), `ended` after the end ("Live Session Ended."),
 * `waiting_for_teacher` while the teacher is not present ("Waiting for the Teacher to join ..."),
 * `open` otherwise (for the author: from the start of the join window).
 */
export const ROOM_STATES = ['yet_to_start', 'waiting_for_teacher', 'open', 'ended'] as const;
export type RoomState = (typeof ROOM_STATES)[number];

/** An online session as every list and page shows it (learning §3 "Online session"). */
export const onlineSessionSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  /** ISO 8601 instants (UTC). */
  start_time: z.string(),
  end_time: z.string(),
  batch_id: z.uuid(),
  batch_title: z.string(),
  batch_subject_id: z.uuid(),
  /** The subject's id (the batch subject's is `batch_subject_id`; a request's `subject_id` stands for that). */
  subject_id: z.uuid(),
  subject_title: z.string(),
  subject_code: z.string(),
  /** The author, a faculty member (`faculty_id` is the same id). */
  author_id: z.uuid().nullable(),
  faculty_id: z.uuid().nullable(),
  author_name: z.string(),
  /** The teacher's room page is open now (heartbeats within the last 45 s, decision 30). */
  author_logged_in: z.boolean(),
  is_custom: z.boolean(),
  /** Students invited: a custom session's selected ones, else the batch's students of the subject. */
  total_students: z.number().int(),
  /** A custom session's selected students, for its author and moderators; empty otherwise. */
  student_ids: z.array(z.uuid()),
  /** The Attend button: from 5 minutes before the start until the end (learning §4). */
  can_attend: z.boolean(),
  /** The author or a moderator, before the end (management §4). */
  can_delete: z.boolean(),
  room_state: z.enum(ROOM_STATES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OnlineSession = z.infer<typeof onlineSessionSchema>;

export const onlineSessionCountsSchema = z.object({ upcoming: z.number().int(), previous: z.number().int() });
export type OnlineSessionCounts = z.infer<typeof onlineSessionCountsSchema>;

export const onlineSessionListSchema = z.object({
  sessions: z.array(onlineSessionSchema),
  counts: onlineSessionCountsSchema,
  page: pageInfoSchema,
});
export type OnlineSessionList = z.infer<typeof onlineSessionListSchema>;

/**
 * How to join the Jitsi room (decisions 24, 29): the meeting server's domain, the room name (the
 * session id), the display name, and a signed room token when the portal signs them
 * (`JITSI_APP_ID`/`JITSI_APP_SECRET`), else null. No token once the session has ended.
 */
export const sessionRoomSchema = z.object({
  domain: z.string(),
  room_name: z.string(),
  display_name: z.string(),
  jwt: z.string().nullable(),
  /** The reader joins as the room's moderator (the session's author). */
  moderator: z.boolean(),
});
export type SessionRoom = z.infer<typeof sessionRoomSchema>;

/** GET /api/online-sessions/{id}: the session and, for those who may join, its room. */
export const onlineSessionDetailSchema = z.object({
  session: onlineSessionSchema,
  room: sessionRoomSchema.nullable(),
});
export type OnlineSessionDetail = z.infer<typeof onlineSessionDetailSchema>;

/**
 * POST /api/online-sessions/{id}/heartbeat (every 15 s from the room page, decision 30): the
 * author's keeps `author_logged_in`; a student's records attendance and time spent in the room
 * (content_type `online`: the room page sends no separate time-spent log). Answers the session, so
 * the heartbeat also tells a waiting student whether the teacher has joined.
 */
export const sessionHeartbeatSchema = z.object({
  session: onlineSessionSchema,
  /** The student's attendance so far; null for the author. */
  attendance: z
    .object({
      first_join: z.string(),
      last_seen: z.string(),
      minutes_present: z.number(),
    })
    .nullable(),
});
export type SessionHeartbeat = z.infer<typeof sessionHeartbeatSchema>;

export const ATTENDANCE_STATUSES = ['Attended', 'Not Attended'] as const;

/** One invited student in a session's attendance (decision 32). */
export const sessionAttendanceRowSchema = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  batch_title: z.string(),
  attendance: z.enum(ATTENDANCE_STATUSES),
  /** ISO instants; null when not attended. */
  first_join: z.string().nullable(),
  last_leave: z.string().nullable(),
  /** Minutes present, to 2 decimals. */
  minutes_present: z.number(),
});
export type SessionAttendanceRow = z.infer<typeof sessionAttendanceRowSchema>;

/**
 * GET /api/online-sessions/{id}/report (`/onlinesession/report`): one session's invited students
 * with Attended / Not Attended, first join, last leave and minutes present; for its author, the
 * batch subject's teachers and moderators. PDF and CSV at `…/report/pdf` and `…/report/csv`.
 */
export const sessionReportSchema = z.object({
  session: onlineSessionSchema,
  institution_name: z.string(),
  time_zone: z.string(),
  invited: z.number().int(),
  attended: z.number().int(),
  absent: z.number().int(),
  students: z.array(sessionAttendanceRowSchema),
});
export type SessionReport = z.infer<typeof sessionReportSchema>;

/** GET /api/online-sessions/reports (`/onlinesessions/reports`): a date range of the institution's days. */
export const sessionsReportQuerySchema = z
  .object({
    from: reportDateSchema,
    to: reportDateSchema,
    batch_id: idSchema.optional(),
  })
  .refine(
    (value) => {
      const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
      return days >= 0 && days < SESSION_REPORT_MAX_DAYS;
    },
    {
      message: formatMessage(MESSAGES.sessionReportRangeInvalid, { days: String(SESSION_REPORT_MAX_DAYS) }),
      path: ['to'],
    },
  );
export type SessionsReportQuery = z.input<typeof sessionsReportQuerySchema>;

export const sessionsReportRowSchema = z.object({
  session_id: z.uuid(),
  title: z.string(),
  batch_id: z.uuid(),
  batch_title: z.string(),
  subject_title: z.string(),
  teacher: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  is_custom: z.boolean(),
  invited: z.number().int(),
  attended: z.number().int(),
  absent: z.number().int(),
});
export type SessionsReportRow = z.infer<typeof sessionsReportRowSchema>;

/** The sessions of the range (newest start first) with their counts; PDF and CSV at `…/reports/pdf|csv`. */
export const sessionsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  institution_name: z.string(),
  time_zone: z.string(),
  sessions: z.array(sessionsReportRowSchema),
});
export type SessionsReport = z.infer<typeof sessionsReportSchema>;

export const onlineSessionIdParamsSchema = z.object({ id: idSchema });
