import { formatMessage, MESSAGES } from '@portal/shared';
import { readAikenQuestions } from './aiken.js';
import { readCsvQuestions } from './csv.js';
import { detectFormat } from './detect.js';
import { readGiftQuestions } from './gift.js';
import { IMPORT_LIMITS } from './limits.js';
import { readMoodleXmlQuestions } from './moodle-xml.js';
import type {
  ImportEntry,
  ImportFormat,
  ImportProblem,
  ParsedQuestion,
  ParsedQuestionFile,
  ParseQuestionFileOptions,
} from './types.js';
import { questionProblems } from './validate-question.js';

const READERS: Record<ImportFormat, (text: string) => Iterable<ImportEntry>> = {
  csv: readCsvQuestions,
  gift: readGiftQuestions,
  'moodle-xml': readMoodleXmlQuestions,
  aiken: readAikenQuestions,
};

const fileProblem = (format: ImportFormat | null, message: string): ParsedQuestionFile => ({
  format,
  questions: [],
  errors: [{ line: null, question: null, message }],
  warnings: [],
});

/**
 * Reads an uploaded question file (CSV, GIFT, Moodle XML or Aiken, told apart by content) into
 * the questions it holds and every problem with its line and question number. Writes nothing and
 * never throws: any input, however broken or hostile, gives problems.
 */
export function parseQuestionFile(text: string, options: ParseQuestionFileOptions = {}): ParsedQuestionFile {
  try {
    return parse(text, options);
  } catch {
    // A reader's library failing in a way none of the checks foresaw: still an answer, not a 500.
    return fileProblem(null, MESSAGES.importUnknownFormat);
  }
}

function parse(input: string, options: ParseQuestionFileOptions): ParsedQuestionFile {
  if (typeof input !== 'string') return fileProblem(null, MESSAGES.importUnknownFormat);
  if (input.length > IMPORT_LIMITS.fileBytes || Buffer.byteLength(input) > IMPORT_LIMITS.fileBytes) {
    return fileProblem(null, MESSAGES.importFileTooLarge);
  }
  if (input.includes('\0')) return fileProblem(null, MESSAGES.importNotText);
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!text.trim()) return fileProblem(null, MESSAGES.importFileEmpty);
  const format = detectFormat(text);
  if (!format) return fileProblem(null, MESSAGES.importUnknownFormat);
  return { format, ...collect(READERS[format](text), options) };
}

function collect(entries: Iterable<ImportEntry>, { allowedTypes }: ParseQuestionFileOptions) {
  const questions: ParsedQuestion[] = [];
  const errors: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  let seen = 0;
  let fileProblems = 0;
  for (const entry of entries) {
    if (entry.kind === 'problem') {
      if (++fileProblems > IMPORT_LIMITS.problems) {
        errors.push({
          line: null,
          question: null,
          message: tooMany(MESSAGES.importTooManyProblems, 'problems'),
        });
        break;
      }
      errors.push({ line: entry.line, question: null, message: entry.message });
      continue;
    }
    if (++seen > IMPORT_LIMITS.questions) {
      errors.push({
        line: entry.line,
        question: null,
        message: tooMany(MESSAGES.importTooManyQuestions, 'questions'),
      });
      break;
    }
    const messages =
      entry.kind === 'rejected' ? entry.messages : questionProblems(entry.question, allowedTypes);
    for (const message of messages) errors.push({ line: entry.line, question: seen, message });
    if (entry.kind === 'question' && messages.length === 0) {
      questions.push({ number: seen, line: entry.line, ...entry.question });
      for (const message of entry.warnings ?? [])
        warnings.push({ line: entry.line, question: seen, message });
    }
  }
  if (seen === 0 && errors.length === 0)
    errors.push({ line: null, question: null, message: MESSAGES.importNoQuestions });
  return { questions, errors, warnings };
}

function tooMany(message: string, limit: 'questions' | 'problems'): string {
  return formatMessage(message, { max: String(IMPORT_LIMITS[limit]) });
}
