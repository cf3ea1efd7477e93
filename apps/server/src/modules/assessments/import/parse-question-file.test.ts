import { readFileSync } from 'node:fs';
import { MESSAGES, SELF_ASSESSMENT_QUESTION_TYPES } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { type ParsedQuestionFile, parseQuestionFile } from './index.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../test/fixtures/questions/${name}`, import.meta.url), 'utf8');

const MB2 = 2 * 1024 * 1024;
const HEADER = 'question,type,marks,options,correct';
const fileProblem = (message: string, format: ParsedQuestionFile['format'] = null) => ({
  format,
  questions: [],
  errors: [{ line: null, question: null, message }],
  warnings: [],
});

/**
 * Parses and measures the CPU time it took (less noisy than the clock on a shared machine); a
 * second try when the first is slow, as the collector may still be freeing an earlier test's data.
 */
function timed(text: string) {
  const once = () => {
    const before = process.cpuUsage();
    const result = parseQuestionFile(text);
    const used = process.cpuUsage(before);
    return { result, milliseconds: (used.user + used.system) / 1000 };
  };
  const first = once();
  return first.milliseconds < 500 ? first : once();
}

describe('telling formats apart by content', () => {
  it('reads each format whatever the file is called, with a byte-order mark or leading space', () => {
    expect(parseQuestionFile(fixture('good.moodle.xml')).format).toBe('moodle-xml');
    expect(
      parseQuestionFile(`\uFEFF  \n${fixture('good.moodle.xml').replace(/^<\?xml[^>]*>/, '')}`).format,
    ).toBe('moodle-xml');
    expect(parseQuestionFile(`\uFEFF${fixture('good.csv')}`).format).toBe('csv');
    expect(parseQuestionFile(fixture('good.aiken.txt')).format).toBe('aiken');
    expect(parseQuestionFile(fixture('good.gift')).format).toBe('gift');
  });

  it('answers one clear problem for what it cannot read', () => {
    expect(parseQuestionFile('Just some notes.\nNothing else.')).toEqual(
      fileProblem(MESSAGES.importUnknownFormat),
    );
    expect(parseQuestionFile('question;type;marks;options;correct\nQ;TEXT;1;;')).toEqual(
      fileProblem(MESSAGES.importUnknownFormat),
    );
    expect(parseQuestionFile('')).toEqual(fileProblem(MESSAGES.importFileEmpty));
    expect(parseQuestionFile(' \r\n\t\n')).toEqual(fileProblem(MESSAGES.importFileEmpty));
    expect(parseQuestionFile('Q{T}\0')).toEqual(fileProblem(MESSAGES.importNotText));
    expect(parseQuestionFile(undefined as unknown as string)).toEqual(
      fileProblem(MESSAGES.importUnknownFormat),
    );
  });

  it('takes a file of up to 2 MB and refuses a larger one', () => {
    const question = 'Q{T}\n\n';
    const padding = ' '.repeat(MB2 - question.length);
    expect(parseQuestionFile(question + padding).questions).toHaveLength(1);
    expect(parseQuestionFile(`${question + padding} `)).toEqual(fileProblem(MESSAGES.importFileTooLarge));
    // Bytes, not characters: 1.4 million "é" are 2.8 MB.
    expect(parseQuestionFile(`${question}${'é'.repeat(1_400_000)}`)).toEqual(
      fileProblem(MESSAGES.importFileTooLarge),
    );
  });
});

describe('the checks every question passes', () => {
  const csvRow = (...rows: string[]) => parseQuestionFile([HEADER, ...rows].join('\n'));

  it('takes at most 500 questions a file', () => {
    const text = Array.from({ length: 501 }, (_, index) => `Question ${index + 1}?{T}`).join('\n\n');
    const result = parseQuestionFile(text);
    expect(result.questions).toHaveLength(500);
    expect(result.errors).toEqual([
      { line: 1001, question: null, message: 'A file may hold at most 500 questions.' },
    ]);
    expect(parseQuestionFile(text.slice(0, text.lastIndexOf('\n\n'))).errors).toEqual([]);
  });

  it('takes at most 26 options', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
    expect(csvRow(`Q,SINGLE_CHOICE,1,${letters.join('|')},Z`).questions[0]!.options).toHaveLength(26);
    expect(csvRow(`Q,SINGLE_CHOICE,1,${letters.join('|')}|AA,A`).errors).toEqual([
      { line: 2, question: 1, message: 'A question may have at most 26 options.' },
    ]);
    const gift = `Q{=${letters.join(' ~')} ~AA}`;
    expect(parseQuestionFile(gift).errors).toEqual([
      { line: 1, question: 1, message: 'A question may have at most 26 options.' },
    ]);
  });

  it('takes titles of at most 5,000 characters and options of at most 1,000', () => {
    expect(csvRow(`${'q'.repeat(5000)},TEXT,1,,`).errors).toEqual([]);
    expect(csvRow(`${'q'.repeat(5001)},TEXT,1,,`).errors).toEqual([
      { line: 2, question: 1, message: 'The question text is longer than 5,000 characters.' },
    ]);
    // The limit is on what is stored: escaping counts.
    expect(csvRow(`${'<'.repeat(1251)},TEXT,1,,`).errors).toHaveLength(1);
    expect(csvRow(`Q,SINGLE_CHOICE,1,${'o'.repeat(1000)}|b,A`).errors).toEqual([]);
    expect(csvRow(`Q,SINGLE_CHOICE,1,${'o'.repeat(1001)}|,A`).errors).toEqual([
      { line: 2, question: 1, message: 'Option A is longer than 1,000 characters.' },
      { line: 2, question: 1, message: 'Option B has no text.' },
    ]);
  });

  it('needs a choice question to have a correct option, exactly one for single choice', () => {
    expect(
      csvRow('Q,SINGLE_CHOICE,1,a|b,', 'Q,MULTIPLE_CHOICE,1,a|b,A', 'Q,SINGLE_CHOICE,1,a|b,A|B').errors,
    ).toEqual([
      { line: 2, question: 1, message: MESSAGES.importNoCorrectOption },
      { line: 4, question: 3, message: 'A single choice question needs exactly one correct option.' },
    ]);
  });

  it('gives a question with no text but a picture of the portal, and refuses one whose text is only markup', () => {
    expect(parseQuestionFile('[html]<img src\\="/files/inst/a.png">{T}').questions).toHaveLength(1);
    expect(parseQuestionFile('[html]<p><span> </span></p>{T}').errors).toEqual([
      { line: 1, question: 1, message: MESSAGES.importTitleEmpty },
    ]);
  });
});

describe('allowed types (self assessments take choice questions only)', () => {
  it('reports every other type on its line and keeps the allowed ones', () => {
    const result = parseQuestionFile(fixture('good.csv'), { allowedTypes: SELF_ASSESSMENT_QUESTION_TYPES });
    expect(result.questions.map((question) => question.type)).toEqual([
      'SINGLE_CHOICE',
      'MULTIPLE_CHOICE',
      'BOOLEAN',
      'BOOLEAN',
    ]);
    const notAllowed = (type: string) =>
      `${type} questions cannot be added here. Allowed: single choice, multiple choice, true/false.`;
    expect(result.errors).toEqual([
      { line: 5, question: 4, message: notAllowed('Text') },
      { line: 6, question: 5, message: notAllowed('Upload') },
    ]);
  });

  it('applies to every format', () => {
    const allowedTypes = SELF_ASSESSMENT_QUESTION_TYPES;
    expect(
      parseQuestionFile(fixture('good.gift'), { allowedTypes }).errors.map((error) => error.line),
    ).toEqual([17, 19]);
    expect(parseQuestionFile(fixture('good.moodle.xml'), { allowedTypes }).errors.map((e) => e.line)).toEqual(
      [30, 35],
    );
    expect(parseQuestionFile(fixture('good.aiken.txt'), { allowedTypes }).errors).toEqual([]);
  });
});

describe('hostile files', () => {
  const gift = (text: string) => text;
  const xml = (inner: string) =>
    `<quiz><question type="essay"><questiontext format="html"><text>${inner}</text></questiontext></question></quiz>`;
  const cases: [string, string][] = [
    [
      'binary garbage',
      Array.from({ length: 200_000 }, (_, index) => String.fromCharCode(1 + ((index * 7919) % 60_000))).join(
        '',
      ),
    ],
    ['a 2 MB single line', 'x'.repeat(MB2 - 1)],
    ['a 2 MB single line of braces', '{'.repeat(MB2 - 1)],
    ['a 2 MB GIFT question', `${'a'.repeat(MB2 - 10)}{T}`],
    ['a 2 MB CSV cell', `${HEADER}\n"${'a'.repeat(MB2 - 100)}",TEXT,1,,`],
    ['a 2 MB CSV of rows', `${HEADER}\n${'Q,TEXT,1,,\n'.repeat(MB2 / 12)}`],
    ['2 MB of CSV options', `${HEADER}\nQ,SINGLE_CHOICE,1,${'a|'.repeat(MB2 / 2 - 100)},A`],
    ['2 MB of Aiken options before any question', 'A) x\n'.repeat(MB2 / 5)],
    ['2 MB of GIFT categories', '$CATEGORY: a\n\n'.repeat(MB2 / 15)],
    ['2 MB of tiny GIFT questions', 'Q{T}\n\n'.repeat(MB2 / 6)],
    ['deeply nested XML', `<quiz>${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}</quiz>`],
    [
      'XML entity expansion',
      `<?xml version="1.0"?><!DOCTYPE q [<!ENTITY a "${'a'.repeat(1000)}"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><quiz>&b;</quiz>`,
    ],
    [
      'an external XML entity',
      '<?xml version="1.0"?><!DOCTYPE q [<!ENTITY x SYSTEM "file:///etc/passwd">]><quiz>&x;</quiz>',
    ],
    ['2 MB of nested tags in XML CDATA', xml(`<![CDATA[${'<b>'.repeat(MB2 / 3 - 100)}]]>`)],
    [
      '2 MB of nested tags as XML options',
      `<quiz><question type="multichoice"><questiontext><text>Q</text></questiontext>${`<answer fraction="100"><text><![CDATA[${'<b>'.repeat(1300)}]]></text></answer>`.repeat(500)}</question></quiz>`,
    ],
    [
      'thousands of XML questions',
      `<quiz>${'<question type="essay"><questiontext><text>a</text></questiontext></question>'.repeat(20_000)}</quiz>`,
    ],
    [
      'XML naming __proto__',
      '<quiz><question type="essay"><__proto__><polluted>1</polluted></__proto__></question></quiz>',
    ],
    ['hostile Markdown', gift(`[markdown]${'*a'.repeat(30_000)}{T}`)],
    ['deeply nested GIFT HTML', gift(`[html]${'<b>'.repeat(30_000)}x{T}`)],
  ];

  it.each(cases)('answers %s with problems, never an exception, in well under a second', (_name, text) => {
    const { result, milliseconds } = timed(text);
    expect(result.errors.length + result.questions.length).toBeGreaterThan(0);
    for (const problem of result.errors) expect(typeof problem.message).toBe('string');
    expect(milliseconds).toBeLessThan(1000);
  });

  it('never throws on random mixtures of every format', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pieces = [
      '{',
      '}',
      '=',
      '~',
      '#',
      '%50%',
      '->',
      '::',
      '//',
      '\\',
      '\n',
      '\n\n',
      'A) ',
      'ANSWER: ',
      '<quiz>',
      '</quiz>',
      '<question type="multichoice">',
      '</question>',
      '<answer fraction="x">',
      '<![CDATA[',
      ']]>',
      '<text>',
      '</text>',
      HEADER,
      ',',
      '"',
      '|',
      'SINGLE_CHOICE',
      '[html]',
      '[markdown]',
      '<img src=/files/a/b.png>',
      '$CATEGORY:',
      'T',
      'text ',
      '\uD800',
      '\r',
      '&#0;',
      '&amp;',
    ];
    for (let round = 0; round < 300; round++) {
      const length = 1 + Math.floor(random() * 60);
      const text = Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const result = parseQuestionFile(text);
      expect(Array.isArray(result.questions) && Array.isArray(result.errors), text).toBe(true);
      expect(result.questions.length + result.errors.length, text).toBeGreaterThan(0);
    }
  });
});
