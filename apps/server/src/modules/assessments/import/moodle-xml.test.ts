import { readFileSync } from 'node:fs';
import { formatMessage, MESSAGES } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { parseQuestionFile } from './index.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../test/fixtures/questions/${name}`, import.meta.url), 'utf8');

const options = (...correct: [string, boolean][]) =>
  correct.map(([title, right]) => ({ title, correct: right }));
const quiz = (...questions: string[]) => `<?xml version="1.0"?>\n<quiz>\n${questions.join('\n')}\n</quiz>`;

describe('Moodle XML question files (decision 27)', () => {
  it('maps multichoice by its single flag and weights, truefalse, essay and short answer, with marks and lines', () => {
    const result = parseQuestionFile(fixture('good.moodle.xml'));
    expect(result.format).toBe('moodle-xml');
    expect(result.errors).toEqual([]);
    expect(result.questions).toEqual([
      {
        // The picture embedded in the file is not the portal's own: it is dropped (decision 27).
        number: 1,
        line: 6,
        title: '<p>Which gas do plants <i>take in</i>?</p>',
        type: 'SINGLE_CHOICE',
        marks: 2,
        options: options(['Oxygen', false], ['Carbon dioxide', true], ['Air', false]),
      },
      {
        number: 2,
        line: 15,
        title: 'Which are prime? (x &lt; 10)',
        type: 'MULTIPLE_CHOICE',
        marks: 3,
        options: options(['2', true], ['4', false], ['5', true]),
      },
      {
        number: 3,
        line: 24,
        title: 'Water boils at 100 °C at sea level.',
        type: 'BOOLEAN',
        marks: 1,
        options: options(['True', false], ['False', true]),
      },
      { number: 4, line: 30, title: 'Explain why the sky is blue.', type: 'TEXT', marks: 5, options: [] },
      { number: 5, line: 35, title: '<p>Who wrote <b>Hamlet</b>?</p>', type: 'TEXT', marks: 1, options: [] },
    ]);
  });

  it('reports each unsupported or broken question on its line, naming the kind', () => {
    const result = parseQuestionFile(fixture('broken.moodle.xml'));
    expect(result.questions).toEqual([]);
    expect(result.errors).toEqual([
      { line: 3, question: 1, message: 'Matching questions are not supported.' },
      { line: 6, question: 2, message: 'Cloze (embedded answers) questions are not supported.' },
      { line: 9, question: 3, message: MESSAGES.importNoCorrectOption },
      { line: 14, question: 4, message: 'The marks must be a number greater than 0 and at most 1,000.' },
      { line: 18, question: 5, message: 'Drag and drop into text questions are not supported.' },
    ]);
  });

  it('names a type it does not know as the file writes it', () => {
    const result = parseQuestionFile(
      quiz('<question type="hotspot"><questiontext><text>Q</text></questiontext></question>'),
    );
    expect(result.errors).toEqual([
      { line: 3, question: 1, message: '"hotspot" questions are not supported.' },
    ]);
  });

  it('reports XML that is not well-formed on its line, and reads nothing of it', () => {
    const text = quiz('<question type="essay">', '<questiontext><text>Q</text></questiontext>');
    const result = parseQuestionFile(text);
    expect(result.questions).toEqual([]);
    expect(result.errors).toEqual([
      {
        line: 5,
        question: null,
        message: expect.stringMatching(/^The file is not well-formed XML: Expected closing tag 'question'/),
      },
    ]);
  });

  it('refuses a DOCTYPE, so no entity is ever declared or expanded', () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<quiz><question type="essay"><questiontext><text>&lol2;</text></questiontext></question></quiz>`;
    expect(parseQuestionFile(laughs)).toEqual({
      format: 'moodle-xml',
      questions: [],
      errors: [{ line: null, question: null, message: MESSAGES.importXmlDoctype }],
      warnings: [],
    });
  });

  it('says so when the XML is not a Moodle quiz, or the quiz is empty', () => {
    expect(parseQuestionFile('<?xml version="1.0"?><html><body>Hi</body></html>').errors).toEqual([
      { line: null, question: null, message: MESSAGES.importXmlNotQuiz },
    ]);
    expect(parseQuestionFile('<quiz></quiz>').errors).toEqual([
      { line: null, question: null, message: MESSAGES.importNoQuestions },
    ]);
  });

  it('reads true/false answers written before Moodle named them by their order, true first', () => {
    const result = parseQuestionFile(
      quiz(`<question type="truefalse"><questiontext><text>Old?</text></questiontext>
<answer fraction="100"><text>Yes</text></answer><answer fraction="0"><text>No</text></answer></question>`),
    );
    expect(result.questions[0]!.options).toEqual(options(['True', true], ['False', false]));
  });

  it('refuses a grade that is not a number, and a one-answer question with no full-credit option', () => {
    const result = parseQuestionFile(
      quiz(
        `<question type="multichoice"><questiontext><text>Q1</text></questiontext>
<answer fraction="abc"><text>A</text></answer><answer fraction="100"><text>B</text></answer></question>`,
        `<question type="multichoice"><questiontext><text>Q2</text></questiontext>
<answer fraction="50"><text>A</text></answer><answer fraction="0"><text>B</text></answer></question>`,
      ),
    );
    expect(result.errors).toEqual([
      { line: 3, question: 1, message: 'Option A has a grade that is not a number.' },
      { line: 5, question: 2, message: MESSAGES.importNoCorrectOption },
    ]);
  });

  it('imports a grade Moodle would refuse with a warning on its question, saying how the option was read', () => {
    // Moodle's grades are a fixed list and their negatives, compared within 0.001 %: 33.333 is
    // its 33.33333, -50 its -50, but 33 and 12 are none of them.
    const result = parseQuestionFile(
      quiz(
        `<question type="multichoice"><questiontext><text>Primes?</text></questiontext><single>false</single>
<answer fraction="-50"><text>1</text></answer><answer fraction="33"><text>2</text></answer>
<answer fraction="33.33333"><text>3</text></answer><answer fraction="33.333"><text>5</text></answer></question>`,
        `<question type="multichoice"><questiontext><text>Capital?</text></questiontext>
<answer fraction="100"><text>Delhi</text></answer><answer fraction="12"><text>Mumbai</text></answer></question>`,
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.questions.map((question) => question.type)).toEqual(['MULTIPLE_CHOICE', 'SINGLE_CHOICE']);
    expect(result.warnings).toEqual([
      {
        line: 3,
        question: 1,
        message: formatMessage(MESSAGES.importGradeNotMoodle, {
          letter: 'B',
          grade: '33',
          verdict: MESSAGES.importGradeRight,
        }),
      },
      {
        line: 6,
        question: 2,
        message: formatMessage(MESSAGES.importGradeNotMoodle, {
          letter: 'B',
          grade: '12',
          verdict: MESSAGES.importGradeWrong,
        }),
      },
    ]);
    expect(parseQuestionFile(fixture('good.moodle.xml')).warnings).toEqual([]);
  });

  it('gives the same lines with Windows line ends', () => {
    const result = parseQuestionFile(fixture('good.moodle.xml').replace(/\n/g, '\r\n'));
    expect(result.questions.map((question) => question.line)).toEqual([6, 15, 24, 30, 35]);
  });
});
