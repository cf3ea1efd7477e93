import { formatMessage, MESSAGES } from '@portal/shared';
import { type FormatType, type GIFTQuestion, parse, type TextChoice } from 'gift-pegjs';
import { booleanOptions, choiceQuestion, unlistedGradeWarnings } from './choices.js';
import { IMPORT_LIMITS } from './limits.js';
import { type TextFormat, toSafeHtml } from './sanitise-html.js';
import type { ImportEntry, QuestionDraft } from './types.js';
import { tooManyOptions } from './validate-question.js';

/** A GIFT question: a paragraph of the file, as Moodle splits it. */
interface Paragraph {
  /** The paragraph's first line (a comment line, perhaps). */
  firstLine: number;
  /** Its first line that is not a comment: where the question starts. */
  questionLine: number;
  isCategory: boolean;
  text: string;
}

type SupportedItem = Extract<GIFTQuestion, { type: 'MC' | 'TF' | 'Short' | 'Essay' }>;
type UnsupportedItem = Exclude<GIFTQuestion, SupportedItem | { type: 'Category' }>;

const UNSUPPORTED_KINDS: Record<UnsupportedItem['type'], string> = {
  Matching: 'Matching',
  Numerical: 'Numerical',
  Description: 'Description',
};

const isSupported = (item: SupportedItem | UnsupportedItem): item is SupportedItem =>
  !Object.hasOwn(UNSUPPORTED_KINDS, item.type);

/**
 * Questions of a GIFT file. Like Moodle, blank lines separate questions; each paragraph is parsed
 * on its own with gift-pegjs, so one broken question is reported on its line and the others
 * still import.
 */
export function* readGiftQuestions(text: string): Generator<ImportEntry> {
  for (const paragraph of paragraphs(text)) {
    // Moodle takes a paragraph starting with $CATEGORY: as a category, whatever follows.
    if (paragraph.isCategory) continue;
    if (paragraph.text.length > IMPORT_LIMITS.giftQuestionChars) {
      const max = IMPORT_LIMITS.giftQuestionChars.toLocaleString('en');
      yield rejected(paragraph.questionLine, formatMessage(MESSAGES.importQuestionTooLong, { max }));
      continue;
    }
    let items: GIFTQuestion[];
    try {
      items = parse(paragraph.text);
    } catch (error) {
      const { location, message } = error as { location?: { start?: { line?: number } }; message?: unknown };
      const offset = location?.start?.line;
      const line = offset ? paragraph.firstLine + offset - 1 : paragraph.questionLine;
      yield rejected(
        line,
        formatMessage(MESSAGES.importGiftUnreadable, { reason: String(message).slice(0, 300) }),
      );
      continue;
    }
    for (const item of items) {
      if (item.type === 'Category') continue;
      const tooMany = item.type === 'MC' ? tooManyOptions(item.choices.length) : null;
      if (tooMany) yield rejected(paragraph.questionLine, tooMany);
      else if (isSupported(item)) yield { kind: 'question', line: paragraph.questionLine, ...draftOf(item) };
      else {
        const kind = UNSUPPORTED_KINDS[item.type];
        yield rejected(paragraph.questionLine, formatMessage(MESSAGES.importKindUnsupported, { kind }));
      }
    }
  }
}

function* paragraphs(text: string): Generator<Paragraph> {
  const lines = text.split('\n');
  let start = -1;
  let questionLine = -1;
  for (let index = 0; index <= lines.length; index++) {
    const line = lines[index];
    if (line !== undefined && line.trim() !== '') {
      if (start === -1) start = index;
      if (questionLine === -1 && !line.trimStart().startsWith('//')) questionLine = index;
      continue;
    }
    // A paragraph of comments only is no question.
    if (start !== -1 && questionLine !== -1) {
      yield {
        firstLine: start + 1,
        questionLine: questionLine + 1,
        isCategory: lines[questionLine]!.trimStart().startsWith('$CATEGORY:'),
        text: lines.slice(start, index).join('\n'),
      };
    }
    start = -1;
    questionLine = -1;
  }
}

function rejected(line: number, message: string): ImportEntry {
  return { kind: 'rejected', line, messages: [message] };
}

// Decision 27: multiple choice -> SINGLE/MULTIPLE_CHOICE, true/false -> BOOLEAN, essay and short
// answer -> TEXT. GIFT has no marks: every question is worth 1. Weights (`~%50%`) are Moodle's
// grades: one Moodle would refuse is warned about.
function draftOf(item: SupportedItem): { question: QuestionDraft; warnings?: string[] } {
  const title = toSafeHtml(item.stem.text, textFormat(item.stem.format), 'title');
  if (item.type === 'TF') {
    return { question: { title, type: 'BOOLEAN', marks: 1, options: booleanOptions(item.isTrue) } };
  }
  if (item.type !== 'MC') return { question: { title, type: 'TEXT', marks: 1, options: [] } };
  // Moodle: a question with an `=` answer is a one-answer question; without, several answers
  // carry the credit between them.
  const single = item.choices.some((choice) => choice.isCorrect);
  const options = item.choices.map((choice) => ({
    title: toSafeHtml(choice.text.text, textFormat(choice.text.format), 'option'),
    credit: creditOf(choice),
  }));
  const choice = choiceQuestion(options, single);
  return {
    question: { title, marks: 1, ...choice },
    warnings: unlistedGradeWarnings(options, choice.options),
  };
}

function creditOf(choice: TextChoice): number {
  return choice.weight ?? (choice.isCorrect ? 100 : 0);
}

// GIFT's default "moodle" format accepts HTML as Moodle does; [plain] is text, [markdown] Markdown.
function textFormat(format: FormatType): TextFormat {
  if (format === 'plain' || format === 'markdown') return format;
  return 'html';
}
