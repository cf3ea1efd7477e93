import type { ExamQuestion } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT } from './exam-answers';
import { markedCount, paletteCounts, paletteState, visitedFrom } from './palette';

const question = (n: number, type: ExamQuestion['type'] = 'SINGLE_CHOICE') => ({ _id: `q${n}`, type });
const questions = [question(1), question(2), question(3), question(4), question(5, 'UPLOAD')];

describe('the question palette', () => {
  const drafts = {
    q1: { ...EMPTY_DRAFT, optionIds: ['a'] },
    q2: { ...EMPTY_DRAFT, marked: true },
    q3: { ...EMPTY_DRAFT, optionIds: ['b'], marked: true },
  };
  const visited = new Set(['q1', 'q2', 'q3', 'q4']);

  it('colours each question by its state', () => {
    expect(questions.map((q) => paletteState(q, drafts, visited, true))).toEqual([
      'answered',
      'marked',
      'answeredMarked',
      'notAnswered',
      'notVisited',
    ]);
    // An upload question a student may not answer online counts as answered.
    expect(paletteState(question(5, 'UPLOAD'), drafts, visited, false)).toBe('answered');
  });

  it('counts the states, and the marked ones for the confirmation', () => {
    const counts = paletteCounts(questions, drafts, visited, true);
    expect(counts).toEqual({ answered: 1, marked: 1, answeredMarked: 1, notAnswered: 1, notVisited: 1 });
    expect(markedCount(counts)).toBe(2);
  });

  it('counts a reloaded page’s saved questions as visited', () => {
    expect([...visitedFrom(drafts)].sort()).toEqual(['q1', 'q2', 'q3']);
  });
});
