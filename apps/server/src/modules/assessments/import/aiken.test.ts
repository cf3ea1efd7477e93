import { readFileSync } from 'node:fs';
import { MESSAGES } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { parseQuestionFile } from './index.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../test/fixtures/questions/${name}`, import.meta.url), 'utf8');

describe('Aiken question files (Moodle rules)', () => {
  it('imports single choice questions with A) and A. options', () => {
    const result = parseQuestionFile(fixture('good.aiken.txt'));
    expect(result.format).toBe('aiken');
    expect(result.errors).toEqual([]);
    expect(result.questions).toEqual([
      {
        number: 1,
        line: 1,
        title: 'Which gas do plants take in for photosynthesis?',
        type: 'SINGLE_CHOICE',
        marks: 1,
        options: [
          { title: 'Oxygen', correct: false },
          { title: 'Carbon dioxide', correct: true },
          { title: 'Nitrogen', correct: false },
        ],
      },
      {
        number: 2,
        line: 7,
        title: 'Which is the largest planet?',
        type: 'SINGLE_CHOICE',
        marks: 1,
        options: [
          { title: 'Mars', correct: false },
          { title: 'Jupiter', correct: true },
          { title: 'Venus', correct: false },
          { title: 'Mercury', correct: false },
        ],
      },
    ]);
  });

  it('reports problems on the lines Moodle reports them, and an unfinished last question on its own', () => {
    const result = parseQuestionFile(fixture('broken.aiken.txt'));
    expect(result.questions).toEqual([]);
    expect(result.errors).toEqual([
      { line: 1, question: null, message: MESSAGES.importAikenNotStarted },
      { line: 5, question: 1, message: MESSAGES.importAikenTooFewOptions },
      { line: 11, question: 2, message: MESSAGES.importAikenNotFinished },
      { line: 14, question: 3, message: MESSAGES.importAikenBadAnswer },
      { line: 15, question: 4, message: MESSAGES.importAikenNoAnswerLine },
    ]);
  });

  it('takes an option without a space after its letter, and keeps its text plain', () => {
    const result = parseQuestionFile('Is 1 < 2?\nA)Yes <b>\nB)No\nANSWER: A\n');
    expect(result.questions[0]).toMatchObject({
      title: 'Is 1 &lt; 2?',
      options: [
        { title: 'Yes &lt;b&gt;', correct: true },
        { title: 'No', correct: false },
      ],
    });
  });
});
