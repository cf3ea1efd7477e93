import { randomUUID } from 'node:crypto';
import type {
  onlineSessionAttendance,
  onlineSessionStudents,
  onlineSessions,
  timeSpent,
} from '../schema/index.js';

export interface DemoSessionsInput {
  institutionId: string;
  now: Date;
  /** The demo student's batch and a subject of it the demo faculty member teaches. */
  batchId: string;
  batchSubjectId: string;
  author: { facultyId: string; name: string };
  /** Students of that batch subject, the demo student first. */
  students: string[];
  /** `YYYY-MM-DD` of an instant in the institution's time zone. */
  dayOf: (at: Date) => string;
}

export interface DemoSessionsRows {
  sessions: (typeof onlineSessions.$inferInsert)[];
  selected: (typeof onlineSessionStudents.$inferInsert)[];
  attendance: (typeof onlineSessionAttendance.$inferInsert)[];
  timeSpent: (typeof timeSpent.$inferInsert)[];
}

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const floorToQuarter = (at: Date) => new Date(Math.floor(at.getTime() / QUARTER) * QUARTER);

/**
 * The demo's live sessions of the demo faculty member for the demo student's batch: one yesterday
 * with attendance, one live now, one later today, one next week, and a custom session for three
 * students tomorrow.
 */
export function demoSessionRows(input: DemoSessionsInput): DemoSessionsRows {
  const { institutionId, now, batchId, batchSubjectId, author, students, dayOf } = input;
  const rows: DemoSessionsRows = { sessions: [], selected: [], attendance: [], timeSpent: [] };
  const quarter = floorToQuarter(now);
  const session = (title: string, start: Date, minutes: number, isCustom = false) => {
    const id = randomUUID();
    rows.sessions.push({
      id,
      institutionId,
      batchId,
      batchSubjectId,
      title,
      startTime: start,
      endTime: new Date(start.getTime() + minutes * MINUTE),
      authorId: author.facultyId,
      authorName: author.name,
      isCustom,
      createdAt: new Date(now.getTime() - 2 * 24 * 60 * MINUTE),
      updatedAt: new Date(now.getTime() - 2 * 24 * 60 * MINUTE),
    });
    return id;
  };

  const yesterday = new Date(quarter.getTime() - 24 * 60 * MINUTE);
  const held = session('Revision: Triangles and similarity', yesterday, 60);
  // Five of the batch attended, for different lengths; the others did not come.
  const stays = [52, 45, 38.5, 20, 9.25];
  students.slice(0, stays.length).forEach((studentId, index) => {
    const joined = new Date(yesterday.getTime() + (index + 1) * MINUTE);
    const minutes = stays[index]!;
    rows.attendance.push({
      sessionId: held,
      studentId,
      institutionId,
      firstJoinAt: joined,
      lastSeenAt: new Date(joined.getTime() + minutes * MINUTE),
      secondsPresent: minutes * 60,
      lastAddedSeconds: 15,
    });
    rows.timeSpent.push({
      institutionId,
      studentId,
      contentType: 'online',
      contentId: held,
      batchSubjectId,
      day: dayOf(joined),
      minutes,
      updatedAt: new Date(joined.getTime() + minutes * MINUTE),
    });
  });

  session('Live doubt clearing: Trigonometry', new Date(quarter.getTime() - QUARTER), 90);
  session('Practice problems: Heights and distances', new Date(quarter.getTime() + 3 * 60 * MINUTE), 60);
  session('Chapter preview: Circles', new Date(quarter.getTime() + 7 * 24 * 60 * MINUTE), 60);
  const custom = session(
    'Extra help: Quadratic equations',
    new Date(quarter.getTime() + 24 * 60 * MINUTE),
    45,
    true,
  );
  for (const studentId of students.slice(0, 3)) rows.selected.push({ sessionId: custom, studentId });
  return rows;
}
