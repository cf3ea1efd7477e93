import { readFileSync } from 'node:fs';
import { MESSAGES } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { parseQuestionFile } from './index.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../test/fixtures/questions/${name}`, import.meta.url), 'utf8');

const HEADER = 'question,type,marks,options,correct';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

describe('CSV question files (decision 18)', () => {
  it('imports every type with its options lettered by position, the right ones and the marks', () => {
    const result = parseQuestionFile(fixture('good.csv'));
    expect(result.format).toBe('csv');
    expect(result.errors).toEqual([]);
    expect(result.questions).toEqual([
      {
        number: 1,
        line: 2,
        title: 'Which gas do plants take in for photosynthesis?',
        type: 'SINGLE_CHOICE',
        marks: 2,
        options: [
          { title: 'Oxygen', correct: false },
          { title: 'Carbon dioxide', correct: true },
          { title: 'Nitrogen', correct: false },
        ],
      },
      {
        number: 2,
        line: 3,
        title: 'Which of these are prime numbers?',
        type: 'MULTIPLE_CHOICE',
        marks: 3,
        options: [
          { title: '2', correct: true },
          { title: '4', correct: false },
          { title: '5', correct: true },
          { title: '9', correct: false },
        ],
      },
      {
        number: 3,
        line: 4,
        title: 'Water boils at 100 °C at sea level.',
        type: 'BOOLEAN',
        marks: 1,
        options: [
          { title: 'True', correct: true },
          { title: 'False', correct: false },
        ],
      },
      {
        number: 4,
        line: 5,
        title: 'Explain, in two lines, why the sky is blue.',
        type: 'TEXT',
        marks: 5,
        options: [],
      },
      {
        number: 5,
        line: 6,
        title: 'Upload your labelled drawing of a plant cell.',
        type: 'UPLOAD',
        marks: 10,
        options: [],
      },
      {
        // Cells are plain text: escaped, never markup; a lower-case type, empty marks (1), True|False.
        number: 6,
        line: 7,
        title: 'Is 2 &lt; 3 &amp; 3 &gt; 2?',
        type: 'BOOLEAN',
        marks: 1,
        options: [
          { title: 'True', correct: true },
          { title: 'False', correct: false },
        ],
      },
    ]);
  });

  it('reports every broken row on its own line, counting blank and multi-line rows right', () => {
    const result = parseQuestionFile(fixture('broken.csv'));
    expect(result.format).toBe('csv');
    expect(result.questions).toEqual([]);
    expect(result.errors).toEqual([
      { line: 2, question: 1, message: 'The correct answer "E" is not the letter of an option.' },
      { line: 4, question: 2, message: MESSAGES.importCsvTypeUnknown },
      { line: 5, question: 3, message: 'A single choice question needs exactly one correct option.' },
      { line: 6, question: 4, message: MESSAGES.importTitleEmpty },
      { line: 7, question: 5, message: 'The marks must be a number greater than 0 and at most 1,000.' },
      { line: 8, question: 6, message: 'A TEXT question takes no options and no correct answer.' },
      { line: 10, question: 7, message: MESSAGES.importCsvBooleanOptions },
      { line: 11, question: 8, message: MESSAGES.importTooFewOptions },
    ]);
  });

  it('knows the header in any case, order and spacing, with empty columns after it, and skips empty rows', () => {
    const text = [
      ' Type ,"Question", MARKS ,correct,options,,',
      'text,What is a cell?,2,,,,',
      ',,,,,,',
      '',
    ].join('\n');
    const result = parseQuestionFile(text);
    expect(result.format).toBe('csv');
    expect(result.errors).toEqual([]);
    expect(result.questions).toEqual([
      { number: 1, line: 2, title: 'What is a cell?', type: 'TEXT', marks: 2, options: [] },
    ]);
  });

  it('takes a BOOLEAN answer as A/B or True/False in any case, and decimal marks', () => {
    const result = parseQuestionFile(csv('Ice is hot.,BOOLEAN,0.5,,false', 'Fire is hot.,BOOLEAN,1.25,,a'));
    expect(result.questions.map((question) => [question.marks, question.options[0]!.correct])).toEqual([
      [0.5, false],
      [1.25, true],
    ]);
  });

  it('refuses marks that are not a plain positive number of at most 1000', () => {
    const result = parseQuestionFile(
      csv('Q1,TEXT,abc,,', 'Q2,TEXT,-1,,', 'Q3,TEXT,1000.5,,', 'Q4,TEXT,1e3,,', 'Q5,TEXT,1000,,'),
    );
    expect(result.errors.map((error) => error.question)).toEqual([1, 2, 3, 4]);
    expect(result.questions.map((question) => question.marks)).toEqual([1000]);
  });

  it('reports a row csv-parse cannot read on its line, and still reads the rows before it', () => {
    const result = parseQuestionFile(csv('Q1,TEXT,1,,', '"Never closed,TEXT,1,,'));
    expect(result.questions.map((question) => question.title)).toEqual(['Q1']);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ question: 2 });
    expect(result.errors[0]!.message).toMatch(/^This row could not be read: Quote Not Closed/);
  });

  it('counts lines the same with Windows line ends', () => {
    const result = parseQuestionFile(csv('Q1,TEXT,1,,', '', 'Q2,TEXT,1,,').replace(/\n/g, '\r\n'));
    expect(result.questions.map((question) => question.line)).toEqual([2, 4]);
  });
});

describe('the CSV template the screens offer', () => {
  it('begins with the byte-order mark (Excel reads it as UTF-8) and imports cleanly, one question of each type', () => {
    const template = readFileSync(
      new URL('../../../../../web/public/templates/questions-template.csv', import.meta.url),
      'utf8',
    );
    expect(template.startsWith('\uFEFFquestion,type,marks,options,correct\n')).toBe(true);
    const result = parseQuestionFile(template);
    expect(result.errors).toEqual([]);
    expect(result.questions.map((question) => question.type)).toEqual([
      'SINGLE_CHOICE',
      'MULTIPLE_CHOICE',
      'BOOLEAN',
      'TEXT',
      'UPLOAD',
    ]);
  });
});
