import type { ExamQuestion } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import { type Drafts, isAnswered } from './exam-answers';

/**
 * A question's state in the palette, as Indian board and entrance examinations show it: not
 * visited, answered, not answered (seen, left empty), marked for review, answered and marked.
 */
export type PaletteState = 'notVisited' | 'answered' | 'notAnswered' | 'marked' | 'answeredMarked';

export const PALETTE_STATES: readonly PaletteState[] = [
  'answered',
  'notAnswered',
  'marked',
  'answeredMarked',
  'notVisited',
];

export const PALETTE_LABEL: Record<PaletteState, string> = {
  notVisited: LABELS.examStateNotVisited,
  answered: LABELS.examStateAnswered,
  notAnswered: LABELS.examStateNotAnswered,
  marked: LABELS.examStateMarked,
  answeredMarked: LABELS.examStateAnsweredMarked,
};

export function paletteState(
  question: Pick<ExamQuestion, '_id' | 'type'>,
  drafts: Drafts,
  visited: ReadonlySet<string>,
  uploadAllowed: boolean,
): PaletteState {
  const draft = drafts[question._id];
  const answered = isAnswered(question, draft, uploadAllowed);
  if (draft?.marked) return answered ? 'answeredMarked' : 'marked';
  if (answered) return 'answered';
  return visited.has(question._id) ? 'notAnswered' : 'notVisited';
}

/** How many questions are in each state. */
export function paletteCounts(
  questions: readonly Pick<ExamQuestion, '_id' | 'type'>[],
  drafts: Drafts,
  visited: ReadonlySet<string>,
  uploadAllowed: boolean,
): Record<PaletteState, number> {
  const counts: Record<PaletteState, number> = {
    notVisited: 0,
    answered: 0,
    notAnswered: 0,
    marked: 0,
    answeredMarked: 0,
  };
  for (const question of questions) counts[paletteState(question, drafts, visited, uploadAllowed)] += 1;
  return counts;
}

/** Questions marked for review, answered or not (the submit's confirmation). */
export const markedCount = (counts: Record<PaletteState, number>) => counts.marked + counts.answeredMarked;

/** The questions a (re)loaded page has seen already: those with a saved answer or mark. */
export const visitedFrom = (drafts: Drafts) => new Set(Object.keys(drafts));
