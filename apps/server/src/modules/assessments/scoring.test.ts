import { describe, expect, it } from 'vitest';
import { scoreAnswer, scoreChoice, scoreText, scoreUpload } from './scoring.js';

const none = { optionIds: [], correct: null, marks: null };

describe('scoring per decision 20', () => {
  it('SINGLE_CHOICE: the full weightage for the right option, 0 for another, none or two', () => {
    const question = { type: 'SINGLE_CHOICE' as const, weightage: 2, correctOptionIds: ['b'] };
    expect(scoreAnswer(question, { ...none, optionIds: ['b'] })).toBe(2);
    expect(scoreAnswer(question, { ...none, optionIds: ['a'] })).toBe(0);
    expect(scoreAnswer(question, none)).toBe(0);
    expect(scoreAnswer(question, { ...none, optionIds: ['a', 'b'] })).toBe(0);
  });

  it('MULTIPLE_CHOICE: only the exact right set scores, in any order and despite repeats', () => {
    const question = { type: 'MULTIPLE_CHOICE' as const, weightage: 3, correctOptionIds: ['a', 'c'] };
    expect(scoreAnswer(question, { ...none, optionIds: ['c', 'a'] })).toBe(3);
    expect(scoreAnswer(question, { ...none, optionIds: ['a', 'c', 'a'] })).toBe(3);
    expect(scoreAnswer(question, { ...none, optionIds: ['a'] })).toBe(0);
    expect(scoreAnswer(question, { ...none, optionIds: ['a', 'b', 'c'] })).toBe(0);
  });

  it('BOOLEAN: the right one of True and False', () => {
    const question = { type: 'BOOLEAN' as const, weightage: 1, correctOptionIds: ['false'] };
    expect(scoreAnswer(question, { ...none, optionIds: ['false'] })).toBe(1);
    expect(scoreAnswer(question, { ...none, optionIds: ['true'] })).toBe(0);
  });

  it('TEXT: Correct gives the full weightage, Wrong or unmarked 0', () => {
    const question = { type: 'TEXT' as const, weightage: 5, correctOptionIds: [] };
    expect(scoreAnswer(question, { ...none, correct: true })).toBe(5);
    expect(scoreAnswer(question, { ...none, correct: false })).toBe(0);
    expect(scoreAnswer(question, none)).toBe(0);
    expect(scoreText(5, null)).toBe(0);
  });

  it('UPLOAD: the marks entered, blank 0, never above the weightage nor below 0', () => {
    const question = { type: 'UPLOAD' as const, weightage: 10, correctOptionIds: [] };
    expect(scoreAnswer(question, { ...none, marks: 7.5 })).toBe(7.5);
    expect(scoreAnswer(question, none)).toBe(0);
    expect(scoreAnswer(question, { ...none, marks: 12 })).toBe(10);
    expect(scoreUpload(10, -3)).toBe(0);
    expect(scoreUpload(10, Number.NaN)).toBe(0);
    expect(scoreUpload(10, 3.333)).toBe(3.33);
  });

  it('a choice question without a right option scores nothing', () => {
    expect(scoreChoice(4, [], [])).toBe(0);
  });
});
