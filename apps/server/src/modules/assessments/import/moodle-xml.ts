import { formatMessage, MESSAGES } from '@portal/shared';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { choiceQuestion, optionLetter, unlistedGradeWarnings } from './choices.js';
import { parseMarks } from './marks.js';
import { type TextFormat, toSafeHtml } from './sanitise-html.js';
import type { ImportEntry, ParsedOption, QuestionDraft } from './types.js';
import { tooManyOptions } from './validate-question.js';

type XmlNode = Record<string, unknown>;

const META = XMLParser.getMetaDataSymbol() as symbol;

/** Moodle's names of the question types the portal does not take (decision 27). */
const UNSUPPORTED_KINDS: Record<string, string> = {
  matching: 'Matching',
  numerical: 'Numerical',
  cloze: 'Cloze (embedded answers)',
  multianswer: 'Cloze (embedded answers)',
  description: 'Description',
  calculated: 'Calculated',
  calculatedsimple: 'Simple calculated',
  calculatedmulti: 'Calculated multichoice',
  ddwtos: 'Drag and drop into text',
  ddimageortext: 'Drag and drop onto image',
  ddmarker: 'Drag and drop markers',
  gapselect: 'Select missing words',
  randomsamatch: 'Random short-answer matching',
  ordering: 'Ordering',
  random: 'Random',
};

/**
 * Questions of a Moodle XML quiz. The file is checked to be well-formed first (so a broken one is
 * reported on its line); a DOCTYPE is refused outright, so no entity can be declared and expanded.
 */
export function* readMoodleXmlQuestions(text: string): Generator<ImportEntry> {
  if (/<!DOCTYPE/i.test(text)) {
    yield { kind: 'problem', line: null, message: MESSAGES.importXmlDoctype };
    return;
  }
  const document = parseXml(text);
  if ('message' in document) {
    yield { kind: 'problem', ...document };
    return;
  }
  const quiz = document.xml.quiz;
  if (quiz === undefined) {
    yield { kind: 'problem', line: null, message: MESSAGES.importXmlNotQuiz };
    return;
  }
  const lineAt = lineFinder(text);
  const questions = isNode(quiz) && Array.isArray(quiz.question) ? quiz.question : [];
  for (const question of questions) {
    if (!isNode(question)) continue;
    const type = attribute(question, 'type');
    if (type === 'category') continue;
    const startIndex = (question as Record<symbol, { startIndex?: number } | undefined>)[META]?.startIndex;
    const line = startIndex === undefined ? null : lineAt(startIndex);
    yield entryOf(question, type, line);
  }
}

function parseXml(text: string): { xml: XmlNode } | { line: number | null; message: string } {
  try {
    SyntaxValidator.validate(text);
  } catch (error) {
    const { line, message } = error as { line?: number; message?: unknown };
    const reason = String(message).slice(0, 300);
    return { line: line ?? null, message: formatMessage(MESSAGES.importXmlUnreadable, { reason }) };
  }
  try {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      parseAttributeValue: false,
      captureMetaData: true,
      // Character references (&#233;) and the HTML names Moodle's editors write (&nbsp;).
      htmlEntities: true,
      isArray: (_name, path) => path === 'quiz.question' || path === 'quiz.question.answer',
    });
    return { xml: parser.parse(text) as XmlNode };
  } catch (error) {
    const reason = String((error as { message?: unknown }).message).slice(0, 300);
    return { line: null, message: formatMessage(MESSAGES.importXmlUnreadable, { reason }) };
  }
}

function entryOf(question: XmlNode, type: string, line: number | null): ImportEntry {
  const title = richText(question.questiontext, 'title');
  const marks = question.defaultgrade === undefined ? 1 : parseMarks(elementText(question.defaultgrade));
  const answers = (Array.isArray(question.answer) ? question.answer : []).filter(isNode);
  const draft = (rest: Pick<QuestionDraft, 'type' | 'options'>, warnings?: string[]): ImportEntry => ({
    kind: 'question',
    line,
    question: { title, marks, ...rest },
    ...(warnings?.length ? { warnings } : {}),
  });
  switch (type) {
    case 'multichoice': {
      const tooMany = tooManyOptions(answers.length);
      if (tooMany) return { kind: 'rejected', line, messages: [tooMany] };
      const badGrade = answers.findIndex((answer) => Number.isNaN(fractionOf(answer)));
      if (badGrade !== -1) {
        const message = formatMessage(MESSAGES.importXmlBadGrade, { letter: optionLetter(badGrade) });
        return { kind: 'rejected', line, messages: [message] };
      }
      const options = answers.map((answer) => ({
        title: richText(answer, 'option'),
        credit: fractionOf(answer),
      }));
      const choice = choiceQuestion(options, isSingle(question.single));
      return draft(choice, unlistedGradeWarnings(options, choice.options));
    }
    case 'truefalse':
      return draft({ type: 'BOOLEAN', options: trueFalseOptions(answers) });
    case 'essay':
    case 'shortanswer':
      return draft({ type: 'TEXT', options: [] });
    default: {
      const kind = UNSUPPORTED_KINDS[type] ?? (type ? `"${type.slice(0, 40)}"` : 'Untyped');
      return { kind: 'rejected', line, messages: [formatMessage(MESSAGES.importKindUnsupported, { kind })] };
    }
  }
}

// Moodle marks the right answer by its text "true" or "false"; files from before that list
// true first. Both right or both wrong is left to the check of exactly one correct option.
function trueFalseOptions(answers: XmlNode[]): ParsedOption[] {
  const byText = (word: string) =>
    answers.find((answer) => elementText(answer.text).trim().toLowerCase() === word);
  const isRight = (answer: XmlNode | undefined) => answer !== undefined && fractionOf(answer) > 0;
  return [
    { title: 'True', correct: isRight(byText('true') ?? answers[0]) },
    { title: 'False', correct: isRight(byText('false') ?? answers[1]) },
  ];
}

function fractionOf(answer: XmlNode): number {
  const fraction = attribute(answer, 'fraction').trim();
  return fraction === '' ? 0 : Number(fraction);
}

// Moodle's default is a one-answer question; `false` or `0` allows several.
function isSingle(single: unknown): boolean {
  if (single === undefined) return true;
  const value = elementText(single).trim().toLowerCase();
  return !(value === 'false' || value === '0' || value === '');
}

/** An element with a `format` attribute and a `<text>` child, as safe HTML. */
function richText(element: unknown, role: 'title' | 'option'): string {
  const node = first(element);
  if (!isNode(node)) return '';
  return toSafeHtml(elementText(node.text), textFormat(attribute(node, 'format')), role);
}

// Moodle's formats: html (the default), moodle_auto_format (HTML allowed), plain_text, markdown.
function textFormat(format: string): TextFormat {
  if (format === 'plain_text') return 'plain';
  if (format === 'markdown') return 'markdown';
  return 'html';
}

function elementText(element: unknown): string {
  const node = first(element);
  if (typeof node === 'string') return node;
  if (isNode(node) && typeof node['#text'] === 'string') return node['#text'];
  return '';
}

function attribute(node: XmlNode, name: string): string {
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value : '';
}

function first(element: unknown): unknown {
  return Array.isArray(element) ? element[0] : element;
}

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The 1-based line of a character offset. */
function lineFinder(text: string): (offset: number) => number {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
    starts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}
