import { type Assessment, type ExamCardState, examCardState } from '@portal/shared';
import { useEffect, useState } from 'react';

/** setTimeout's longest wait (about 24.8 days); a later change arms the timer again. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/** A card the server gave as not started yet: neither started nor taken, so it moves on by itself. */
const waiting = (exam: Assessment) => (exam.exam_state ?? 'not_started') === 'not_started';

/**
 * A card's state as shown at `now` (device time, ms): the server's, except that a card the server
 * gave as not started yet (so neither started nor taken) follows its own start and due date by
 * the shared rule, as the server's next answer would.
 */
export function shownExamState(exam: Assessment, now: number): ExamCardState {
  if (!waiting(exam)) return exam.exam_state!;
  return examCardState(
    {
      has_taken: false,
      has_started: false,
      start_date: new Date(exam.start_date),
      due_date: new Date(exam.due_date),
    },
    new Date(now),
  );
}

/** When the next of these cards changes state by itself after `now` (null: none will). */
export function nextChange(exams: readonly Assessment[], now: number): number | null {
  let next: number | null = null;
  for (const exam of exams) {
    if (!waiting(exam)) continue;
    for (const at of [Date.parse(exam.start_date), Date.parse(exam.due_date) + 1]) {
      if (at > now && (next === null || at < next)) next = at;
    }
  }
  return next;
}

/**
 * The cards' states, kept current by the device's clock: a card not started yet opens (START
 * EXAMINATION NOW) at its start with no request. A school's students wait on the tab for the
 * paper to open; had each to reload it at the bell, that would be thousands of reads in the same
 * seconds as the starts. Starting still goes to the server, which checks the window itself.
 */
export function useShownExamStates(exams: readonly Assessment[]): (exam: Assessment) => ExamCardState {
  const [now, setNow] = useState(() => Date.now());
  const next = nextChange(exams, now);
  useEffect(() => {
    if (next === null || next <= now) return;
    // Each wake moves `now` on, so a timer that fired a moment early, or a wait longer than
    // setTimeout's, arms another for the rest.
    const wait = Math.min(Math.max(0, next - Date.now()), LONGEST_WAIT_MS);
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [next, now]);
  // A hidden tab's timers may run a minute late; coming back shows the card as it is now.
  useEffect(() => {
    const look = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', look);
    return () => document.removeEventListener('visibilitychange', look);
  }, []);
  return (exam) => shownExamState(exam, now);
}
