import { readFileSync } from 'node:fs';
import { formatMessage, MESSAGES } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { parseQuestionFile } from './index.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../test/fixtures/questions/${name}`, import.meta.url), 'utf8');

const only = (text: string) => {
  const result = parseQuestionFile(text);
  expect(result.errors).toEqual([]);
  expect(result.questions).toHaveLength(1);
  return result.questions[0]!;
};

const options = (...correct: [string, boolean][]) =>
  correct.map(([title, right]) => ({ title, correct: right }));

describe('GIFT question files (decision 27)', () => {
  it('maps every supported kind, numbers questions past categories and starts them past comments', () => {
    const result = parseQuestionFile(fixture('good.gift'));
    expect(result.format).toBe('gift');
    expect(result.errors).toEqual([]);
    expect(result.questions).toEqual([
      {
        number: 1,
        line: 4,
        title: 'Which gas do plants take in for photosynthesis?',
        type: 'SINGLE_CHOICE',
        marks: 1,
        options: options(['Oxygen', false], ['Carbon dioxide', true], ['Nitrogen', false]),
      },
      {
        number: 2,
        line: 11,
        title: 'Which of these are prime numbers?',
        type: 'MULTIPLE_CHOICE',
        marks: 1,
        options: options(['2', true], ['4', false], ['5', true], ['9', false]),
      },
      {
        number: 3,
        line: 13,
        title: 'Water boils at 100 °C at sea level.',
        type: 'BOOLEAN',
        marks: 1,
        options: options(['True', true], ['False', false]),
      },
      {
        number: 4,
        line: 15,
        title: 'The Moon makes its own light.',
        type: 'BOOLEAN',
        marks: 1,
        options: options(['True', false], ['False', true]),
      },
      { number: 5, line: 17, title: 'Who wrote "Romeo and Juliet"?', type: 'TEXT', marks: 1, options: [] },
      { number: 6, line: 19, title: 'Explain why the sky is blue.', type: 'TEXT', marks: 1, options: [] },
      {
        number: 7,
        line: 21,
        title: '<p>Which is <b>heavier</b>? </p>',
        type: 'SINGLE_CHOICE',
        marks: 1,
        options: options(['<b>A kilogram of iron</b>', true], ['A gram of feathers', false]),
      },
      {
        number: 8,
        line: 26,
        title: '<p>Which word is a <b>noun</b>?</p>',
        type: 'SINGLE_CHOICE',
        marks: 1,
        options: options(['table', true], ['quickly', false], ['blue', false]),
      },
    ]);
  });

  it('reports matching, numerical, description and a broken question on their lines; the rest imports', () => {
    const result = parseQuestionFile(fixture('broken.gift'));
    expect(result.errors).toEqual([
      { line: 2, question: 1, message: 'Matching questions are not supported.' },
      { line: 7, question: 2, message: 'Numerical questions are not supported.' },
      { line: 9, question: 3, message: 'Description questions are not supported.' },
      {
        line: 14,
        question: 4,
        message: 'This question could not be read: Expected "}" but end of input found.',
      },
    ]);
    expect(result.questions).toMatchObject([{ number: 5, line: 16, type: 'BOOLEAN' }]);
  });

  it('counts a one-answer question right only on its full-credit option (decision 20 has no partial marks)', () => {
    const question = only('Difficult question.{~wrong ~%50%half credit =full credit}');
    expect(question.type).toBe('SINGLE_CHOICE');
    expect(question.options).toEqual(
      options(['wrong', false], ['half credit', false], ['full credit', true]),
    );
  });

  it('warns about a weight Moodle would refuse, and keeps the question', () => {
    const result = parseQuestionFile('// a comment\nWhich are prime?{~%40%2 ~%-25%4 ~%45%5 ~%-35%9}');
    expect(result.errors).toEqual([]);
    expect(result.questions).toHaveLength(1);
    expect(result.warnings).toEqual(
      [
        ['C', '45', MESSAGES.importGradeRight],
        ['D', '-35', MESSAGES.importGradeWrong],
      ].map(([letter, grade, verdict]) => ({
        line: 2,
        question: 1,
        message: formatMessage(MESSAGES.importGradeNotMoodle, {
          letter: letter!,
          grade: grade!,
          verdict: verdict!,
        }),
      })),
    );
    expect(parseQuestionFile(fixture('good.gift')).warnings).toEqual([]);
  });

  it('makes a question with several full-credit answers a multiple choice one', () => {
    const question = only('Which are right?{=one =two ~three}');
    expect(question.type).toBe('MULTIPLE_CHOICE');
    expect(question.options.map((option) => option.correct)).toEqual([true, true, false]);
  });

  it('reads escapes, [plain] text and Windows line ends', () => {
    expect(only('Which answer equals 5?{~ \\= 2 + 2 = \\= 2 + 3}').options).toEqual(
      options(['= 2 + 2', false], ['= 2 + 3', true]),
    );
    expect(only('[plain]Is <b> a tag?{T}').title).toBe('Is &lt;b&gt; a tag?');
    const result = parseQuestionFile('// a comment\r\n\r\nQ1{T}\r\n\r\nQ2{F}\r\n');
    expect(result.questions.map((question) => question.line)).toEqual([3, 5]);
  });

  it('gives an answer block without a blank line before the next question as a syntax error on its line', () => {
    const result = parseQuestionFile('First?{T}\nSecond?{F}\n\nThird?{T}');
    expect(result.errors).toEqual([
      { line: 2, question: 1, message: expect.stringMatching(/^This question could not be read: /) },
    ]);
    expect(result.questions).toMatchObject([{ number: 2, line: 4, title: 'Third?' }]);
  });

  it('refuses a question paragraph longer than 100,000 characters without parsing it', () => {
    const result = parseQuestionFile(`${'a'.repeat(100_001)}{T}`);
    expect(result.errors).toEqual([
      { line: 1, question: 1, message: 'This question is longer than 100,000 characters.' },
    ]);
  });

  it('names the file empty of questions when it holds only categories and comments', () => {
    const result = parseQuestionFile('// nothing here\n\n$CATEGORY: $course$/Empty\n');
    expect(result).toEqual({
      format: 'gift',
      questions: [],
      errors: [{ line: null, question: null, message: MESSAGES.importNoQuestions }],
      warnings: [],
    });
  });
});
