import { formatMessage, MESSAGES, QUESTION_TYPE_NAMES } from '@portal/shared';
import { optionLetter } from './choices.js';
import { IMPORT_LIMITS } from './limits.js';
import { isBlankHtml } from './sanitise-html.js';
import type { QuestionDraft, QuestionType } from './types.js';

const CHOICE_TYPES: readonly QuestionType[] = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'BOOLEAN'];

/** Every reason a question cannot be imported; none when it can. */
export function questionProblems(question: QuestionDraft, allowedTypes?: readonly QuestionType[]): string[] {
  const problems: string[] = [];
  const max = (limit: number) => ({ max: limit.toLocaleString('en') });
  if (question.title.length > IMPORT_LIMITS.titleChars) {
    problems.push(formatMessage(MESSAGES.importTitleTooLong, max(IMPORT_LIMITS.titleChars)));
  } else if (isBlankHtml(question.title)) problems.push(MESSAGES.importTitleEmpty);
  const { marks } = question;
  if (!Number.isFinite(marks) || marks <= 0 || marks > IMPORT_LIMITS.marks) {
    problems.push(formatMessage(MESSAGES.importMarksInvalid, max(IMPORT_LIMITS.marks)));
  }
  if (allowedTypes && !allowedTypes.includes(question.type)) {
    problems.push(
      formatMessage(MESSAGES.importTypeNotAllowed, {
        type: QUESTION_TYPE_NAMES[question.type],
        allowed: allowedTypes.map((type) => QUESTION_TYPE_NAMES[type].toLowerCase()).join(', '),
      }),
    );
  }
  if (CHOICE_TYPES.includes(question.type)) problems.push(...choiceProblems(question));
  return problems;
}

/** The problem of a choice question with more options than letters (readers check it early). */
export const tooManyOptions = (count: number): string | null =>
  count > IMPORT_LIMITS.options
    ? formatMessage(MESSAGES.importTooManyOptions, { max: String(IMPORT_LIMITS.options) })
    : null;

function choiceProblems({ type, options }: QuestionDraft): string[] {
  const tooMany = tooManyOptions(options.length);
  if (tooMany) return [tooMany];
  const problems: string[] = [];
  if (options.length < 2) problems.push(MESSAGES.importTooFewOptions);
  options.forEach((option, index) => {
    const letter = optionLetter(index);
    if (option.title.length > IMPORT_LIMITS.optionChars) {
      problems.push(
        formatMessage(MESSAGES.importOptionTooLong, {
          letter,
          max: IMPORT_LIMITS.optionChars.toLocaleString('en'),
        }),
      );
    } else if (isBlankHtml(option.title))
      problems.push(formatMessage(MESSAGES.importOptionEmpty, { letter }));
  });
  const correct = options.filter((option) => option.correct).length;
  if (correct === 0) problems.push(MESSAGES.importNoCorrectOption);
  else if (correct > 1 && type !== 'MULTIPLE_CHOICE') {
    problems.push(
      formatMessage(MESSAGES.importOneCorrectOption, { type: QUESTION_TYPE_NAMES[type].toLowerCase() }),
    );
  }
  return problems;
}
