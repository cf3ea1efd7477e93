import { sql } from 'drizzle-orm';
import { derivedOnce } from '../../lib/read-cache.js';
import { drawnPaperSize } from './paper-order.js';

/**
 * A student's own deadline (decision 38), the one rule every window check, the card, the clock,
 * the grace and the auto-submit follow: min(own start + duration × (1 + extra %) + extra minutes,
 * the due date or the student's later one); without a duration, the (possibly later) due date.
 * Worked out when needed, in JavaScript from the kept parts (`ownClock`) and in SQL from the rows
 * (`attemptDeadline`); both round the extra seconds the same way, so they agree to the millisecond.
 */

/** A student's accommodation for one examination (exam_accommodations). */
export interface AccommodationFacts {
  extraMinutes: number;
  /** Replaces the standing percentage for this examination; null: the standing one applies. */
  extraPercent: number | null;
  /** A later due date, or null. */
  dueDate: Date | null;
}

export interface ClockInputs {
  dueDate: Date;
  durationMinutes: number | null;
  /** The attempt's start; null before the student starts. */
  startedAt: Date | null;
  /** The student's standing extra time (students.extra_time_percent). */
  standingPercent: number;
  accommodation: AccommodationFacts | undefined;
}

/** The student's due date: the examination's, or their later one. */
export function ownDueDate(dueDate: Date, accommodation: AccommodationFacts | undefined): Date {
  const later = accommodation?.dueDate;
  return later && later.getTime() > dueDate.getTime() ? later : dueDate;
}

/**
 * Seconds the student's clock runs from their start: the duration, its extra percentage (two
 * decimals, counted in hundredths so the division is exact), and the extra minutes.
 */
export function ownSeconds(
  durationMinutes: number,
  standingPercent: number,
  accommodation: AccommodationFacts | undefined,
): number {
  const percent = accommodation?.extraPercent ?? standingPercent;
  const hundredths = Math.round(percent * 100);
  const base = durationMinutes * 60;
  return base + Math.round((base * hundredths) / 10_000) + (accommodation?.extraMinutes ?? 0) * 60;
}

/**
 * The deadline of a student whose clock runs `seconds` (null: no duration) and is due at `due`.
 * Before a start it is the due date (the last moment a start is accepted).
 */
export function deadlineOf(due: Date, seconds: number | null, startedAt: Date | null): Date {
  if (seconds === null || startedAt === null) return due;
  const end = startedAt.getTime() + seconds * 1000;
  return end < due.getTime() ? new Date(end) : due;
}

/** The student's due date, how long their clock runs (null: no duration) and their deadline. */
export function ownClock(inputs: ClockInputs): { due: Date; seconds: number | null; deadline: Date } {
  const due = ownDueDate(inputs.dueDate, inputs.accommodation);
  const seconds =
    inputs.durationMinutes === null
      ? null
      : ownSeconds(inputs.durationMinutes, inputs.standingPercent, inputs.accommodation);
  return { due, seconds, deadline: deadlineOf(due, seconds, inputs.startedAt) };
}

/** What an examination holds that the student's own view is worked out from. */
export interface ExamClockFacts {
  due_date: Date;
  duration_minutes: number | null;
  /** The questions' marks in the paper's order. */
  weights: readonly number[];
  draw_count: number | null;
}

/**
 * The paper's size and total, the same for every student: worked out once per examination row,
 * so a kept examination's draw is not shared out again for every card of every request.
 */
const paperSizeOf = derivedOnce((exam: ExamClockFacts) => drawnPaperSize(exam.weights, exam.draw_count));

/**
 * The examination as one student has it: their due date and deadline, their minutes, and their
 * (drawn) paper's size and total. From the kept parts and from a row read alike.
 */
export function studentView(
  exam: ExamClockFacts,
  student: { standingPercent: number; accommodation: AccommodationFacts | undefined },
  startedAt: Date | null,
) {
  const clock = ownClock({
    dueDate: exam.due_date,
    durationMinutes: exam.duration_minutes,
    startedAt,
    standingPercent: student.standingPercent,
    accommodation: student.accommodation,
  });
  const paper = paperSizeOf(exam);
  return {
    due_date: clock.due,
    deadline: clock.deadline,
    own_seconds: clock.seconds,
    questions_count: paper.count,
    total_marks: paper.total,
  };
}

/**
 * The same in SQL, for an `exam_attempts ea` with its `assessments a`, its student `st` and
 * `left join exam_accommodations acc on acc.assessment_id = ea.assessment_id and acc.student_id = ea.student_id`.
 */
export const ownDueSql = sql`greatest(a.due_date, coalesce(acc.due_date, a.due_date))`;

export const attemptDeadline = sql`case when a.duration_minutes is null then ${ownDueSql}
  else least(${ownDueSql}, ea.started_at + make_interval(secs => a.duration_minutes * 60
    + round(a.duration_minutes * 60 * round(coalesce(acc.extra_percent, st.extra_time_percent) * 100) / 10000)
    + coalesce(acc.extra_minutes, 0) * 60)) end`;

/** The joins `attemptDeadline` needs beside `exam_attempts ea` and `assessments a`. */
export const deadlineJoins = sql`join students st on st.id = ea.student_id
  left join exam_accommodations acc on acc.assessment_id = ea.assessment_id and acc.student_id = ea.student_id`;
