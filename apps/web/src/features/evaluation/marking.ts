import type { AssessBody, EvaluationRow } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';

/** What the teacher has set for one answer on screen, before it is sent. */
export interface Mark {
  correct: boolean | null;
  /** Marks of an UPLOAD answer as the field holds them (a number, or text while typing such as '3.'); '' is blank. */
  marks: number | string;
}

export const EMPTY_MARK: Mark = { correct: null, marks: '' };

/** The teacher marks TEXT and UPLOAD answers; choice answers were scored on submit (decision 20). */
export const isMarkedByHand = (row: Pick<EvaluationRow, 'question_type'>) =>
  row.question_type === 'TEXT' || row.question_type === 'UPLOAD';

/** An answer still to mark: not assessed, and of a type the teacher marks. */
export const needsMarking = (row: Pick<EvaluationRow, 'question_type' | 'assessed'>) =>
  !row.assessed && isMarkedByHand(row);

/**
 * Whether typed marks are kept (learning §5): empty, or a number from 0 to the weightage. Anything
 * beyond is ignored, so the field keeps what it had.
 */
export function acceptsMarks(value: number | undefined, weightage: number): boolean {
  if (value === undefined) return true;
  return Number.isFinite(value) && value >= 0 && value <= weightage;
}

/** Typed marks as sent: blank (or unreadable) is 0, and never outside 0…weightage. */
export function marksToSend(typed: number | string, weightage: number): number {
  const value = typeof typed === 'number' ? typed : Number.parseFloat(typed);
  if (!Number.isFinite(value)) return 0;
  return Math.min(Math.max(value, 0), weightage);
}

export type AssessOutcome = { body: AssessBody } | { error: string };

/**
 * The assess call for the answers on screen: every unassessed answer is sent (choice answers as
 * they are, keeping their score), and each one the teacher marks must be Correct or Wrong, else
 * "Please evaluate all answers" (learning §5). Blank upload marks count as 0, and marks never
 * exceed the weightage. `questionId` marks one question across submissions (decision 28).
 */
export function assessOutcome(
  scope: { assessmentId: string; batchSubjectId: string; questionId?: string },
  rows: readonly Pick<EvaluationRow, '_id' | 'question_type' | 'assessed' | 'weightage'>[],
  marks: Readonly<Record<string, Mark>>,
): AssessOutcome {
  const open = rows.filter((row) => !row.assessed);
  if (open.length === 0) return { error: MESSAGES.evaluateAllAnswers };
  const submissions: AssessBody['submissions'] = [];
  for (const row of open) {
    if (!isMarkedByHand(row)) {
      submissions.push({ submission_id: row._id });
      continue;
    }
    const mark = marks[row._id] ?? EMPTY_MARK;
    if (mark.correct === null) return { error: MESSAGES.evaluateAllAnswers };
    const item: AssessBody['submissions'][number] = { submission_id: row._id, correct: mark.correct };
    if (row.question_type === 'UPLOAD') {
      item.scored_point = marksToSend(mark.marks, row.weightage);
    }
    submissions.push(item);
  }
  return {
    body: {
      assessment_id: scope.assessmentId,
      batch_subject_id: scope.batchSubjectId,
      ...(scope.questionId ? { question_id: scope.questionId } : {}),
      submissions,
    },
  };
}

/** What an answer sheet link is shown as: a picture inline, a PDF in a frame, anything else as a link. */
export function sheetKind(url: string): 'image' | 'pdf' | 'other' {
  const extension = url.split(/[?#]/)[0]!.split('.').pop()?.toLowerCase() ?? '';
  if (['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(extension)) return 'image';
  if (extension === 'pdf') return 'pdf';
  return 'other';
}
