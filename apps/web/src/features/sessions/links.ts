/** The room of a session; its id in the address so a reload stays in the room. */
export const sessionRoomPath = (sessionId: string) =>
  `/me/session/detail?session=${encodeURIComponent(sessionId)}`;

/** One session's attendance report (moderators). */
export const sessionReportPath = (sessionId: string) =>
  `/onlinesession/report?session=${encodeURIComponent(sessionId)}`;

export const FACULTY_SESSIONS_PATH = '/me/faculty/sessions';
export const STUDENT_SESSIONS_PATH = '/me/sessions';
export const SESSIONS_REPORTS_PATH = '/onlinesessions/reports';
export const createSessionPath = (kind: 'live' | 'custom') =>
  kind === 'custom' ? '/me/session/create?type=custom' : '/me/session/create';
