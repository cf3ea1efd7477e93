import { MESSAGES } from '@portal/shared';
import { choiceQuestion } from './choices.js';
import { plainTextToHtml } from './sanitise-html.js';
import type { ImportEntry } from './types.js';

const OPTION_LINE = /^[A-Z][).][ \t]?/;
const ANSWER_LINE = /^ANSWER:/;
const ANSWER_LETTER = /^([A-Z])[).]?$/;

interface OpenQuestion {
  line: number;
  title: string;
  options: string[];
}

/**
 * Questions of an Aiken file, read by Moodle's rules: a question line, its options `A)` or `A.`
 * one per line, then `ANSWER: X`. Problems are reported on the lines Moodle reports them: an
 * ANSWER with too few options on the ANSWER line, a question left without ANSWER on the line of
 * the next question (or its own line at the end of the file, which Moodle skips silently).
 */
export function* readAikenQuestions(text: string): Generator<ImportEntry> {
  let open: OpenQuestion | null = null;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const lineNumber = index + 1;
    const line = lines[index]!.trim();
    if (line.length < 2) continue;
    if (OPTION_LINE.test(line) || ANSWER_LINE.test(line)) {
      if (!open) {
        yield { kind: 'problem', line: lineNumber, message: MESSAGES.importAikenNotStarted };
      } else if (OPTION_LINE.test(line)) {
        open.options.push(line.slice(2).trim());
      } else {
        yield finished(open, line, lineNumber);
        open = null;
      }
      continue;
    }
    if (open) yield { kind: 'rejected', line: lineNumber, messages: [MESSAGES.importAikenNotFinished] };
    open = { line: lineNumber, title: line, options: [] };
  }
  if (open) yield { kind: 'rejected', line: open.line, messages: [MESSAGES.importAikenNoAnswerLine] };
}

function finished(question: OpenQuestion, answerLine: string, lineNumber: number): ImportEntry {
  if (question.options.length < 2) {
    return { kind: 'rejected', line: lineNumber, messages: [MESSAGES.importAikenTooFewOptions] };
  }
  const letter = ANSWER_LETTER.exec(answerLine.slice('ANSWER:'.length).trim())?.[1];
  const right = letter === undefined ? -1 : letter.charCodeAt(0) - 65;
  if (right < 0 || right >= question.options.length) {
    return { kind: 'rejected', line: lineNumber, messages: [MESSAGES.importAikenBadAnswer] };
  }
  const options = question.options.map((option, index) => ({
    title: plainTextToHtml(option),
    credit: index === right ? 100 : 0,
  }));
  return {
    kind: 'question',
    line: question.line,
    question: { title: plainTextToHtml(question.title), marks: 1, ...choiceQuestion(options, true) },
  };
}
