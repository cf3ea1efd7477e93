import { formatMessage, LABELS } from '@portal/shared/messages';

/** `n` in the catalogue's text for one, or for any other number. */
export const counted = (n: number, one: string, many: string) =>
  formatMessage(n === 1 ? one : many, { n: String(n) });

/** '1 Mark', '2 Marks', '0.5 Marks'. */
export const marksLabel = (n: number) => counted(n, LABELS.assessMarksOne, LABELS.assessMarks);

/** '1 Question', '5 Questions'. */
export const questionCountLabel = (n: number) =>
  counted(n, LABELS.assessQuestionCountOne, LABELS.assessQuestionCount);

/** An examination's time on its card: '90 minutes' (the real duration), or 'Until the due date' without one. */
export const durationLabel = (minutes: number | null) =>
  minutes === null ? LABELS.examUntilDue : formatMessage(LABELS.examDurationMinutes, { n: String(minutes) });
