import { formatMessage, MESSAGES, NO_FILES, type QuestionFilePreview } from '@portal/shared';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { canReadFile } from '../uploads/file-access.policy.js';
import { findStoredFile } from '../uploads/stored-files.js';
import { type ParsedQuestionFile, parseQuestionFile, type QuestionType } from './import/index.js';
import { roundMarks } from './scoring.js';

/**
 * A file of the portal's storage that the caller may read, of their institution: its `uploads`
 * row, or null. Never an outside URL (decision 12): the key comes from the portal's own links only.
 */
async function readableStoredFile(deps: AppDeps, user: AuthUser, url: string) {
  const key = deps.storage.keyOf(url);
  if (!key) return null;
  const file = await findStoredFile(deps.db, key);
  if (!file || file.institutionId === null || file.institutionId !== user.institutionId) return null;
  return (await canReadFile(deps, user, file)) ? file : null;
}

/** Reads and parses a question file the caller uploaded to the portal (or may read); 400 for any other link. */
export async function parseStoredQuestionFile(
  deps: AppDeps,
  user: AuthUser,
  url: string,
  allowedTypes?: readonly QuestionType[],
): Promise<ParsedQuestionFile> {
  const refused = () =>
    badRequest(MESSAGES.questionFileNotOwnFile, { csv_url: MESSAGES.questionFileNotOwnFile });
  const file = await readableStoredFile(deps, user, url);
  if (!file) throw refused();
  let content: Buffer;
  try {
    content = await deps.storage.read(file.storageKey);
  } catch {
    throw refused();
  }
  return parseQuestionFile(content.toString('utf8'), allowedTypes ? { allowedTypes } : undefined);
}

/** What the preview shows: every parsed question and every problem, nothing written. */
export function presentPreview(parsed: ParsedQuestionFile): QuestionFilePreview {
  const questions = parsed.questions.map((question) => ({
    number: question.number,
    line: question.line,
    title: question.title,
    type: question.type,
    marks: roundMarks(question.marks),
    options: question.options.map((option) => ({ title: option.title, correct: option.correct })),
  }));
  return {
    format: parsed.format,
    questions,
    errors: parsed.errors.map((error) => ({ ...error })),
    warnings: parsed.warnings.map((warning) => ({ ...warning })),
    total_marks: roundMarks(questions.reduce((sum, question) => sum + question.marks, 0)),
  };
}

/** Where a problem is, as a key of the error's `fields`: "line 12", "question 3" or "file". */
const problemKey = (problem: { line: number | null; question: number | null }) =>
  problem.line !== null
    ? `line ${problem.line}`
    : problem.question !== null
      ? `question ${problem.question}`
      : 'file';

/**
 * Imports are all or nothing: a file with any problem, or without questions, is refused with
 * every problem by where it is, and nothing is written. With `skipProblems` (asked for after the
 * preview listed them) the reported questions are left out and the good ones written, all together.
 */
export function assertImportable(parsed: ParsedQuestionFile, skipProblems = false): void {
  if (parsed.errors.length > 0 && !(skipProblems && parsed.format !== null)) {
    const fields: Record<string, string> = {};
    for (const problem of parsed.errors) {
      const key = problemKey(problem);
      fields[key] = fields[key] ? `${fields[key]}; ${problem.message}` : problem.message;
    }
    const message = formatMessage(MESSAGES.questionFileRejected, { count: String(parsed.errors.length) });
    throw badRequest(message, fields);
  }
  if (parsed.questions.length === 0) {
    throw badRequest(MESSAGES.questionFileNoQuestions, { csv_url: MESSAGES.questionFileNoQuestions });
  }
}

/**
 * A question paper link: `noFiles`, or a content file of the caller's institution (readable by its
 * students). Answers what to store: null for none.
 */
export async function questionPaperLink(deps: AppDeps, user: AuthUser, url: string): Promise<string | null> {
  if (url === NO_FILES) return null;
  const file = await readableStoredFile(deps, user, url);
  if (file?.kind !== 'content') {
    throw badRequest(MESSAGES.questionPaperNotOwnFile, { url: MESSAGES.questionPaperNotOwnFile });
  }
  return url;
}
