import { MESSAGES, type Question } from '@portal/shared';
import { badRequest } from '../../lib/app-error.js';
import type { AnswerValues } from './attempts.repository.js';

export interface GivenAnswer {
  submitted_answer_ids: string[];
  submitted_answer_text?: string | null | undefined;
  file_urls?: string[] | undefined;
}

const refuse = (message: string, field: string) => badRequest(message, { [field]: message });

/**
 * The answer to store for a question, checked against its type: choice questions take their own
 * options (one for SINGLE_CHOICE and BOOLEAN), TEXT a text, UPLOAD answer sheets. An empty text
 * counts as none; anything that does not fit the type answers 400.
 */
export function answerFor(question: Question, given: GivenAnswer, field = 'answer'): AnswerValues {
  const optionIds = [...new Set(given.submitted_answer_ids)];
  const text = given.submitted_answer_text?.trim() ? given.submitted_answer_text : null;
  const fileUrls = [...new Set(given.file_urls ?? [])];
  const choice = question.type !== 'TEXT' && question.type !== 'UPLOAD';
  if (choice) {
    if (text !== null || fileUrls.length > 0) throw refuse(MESSAGES.examAnswerNotForType, field);
    const known = new Set(question.answers.map((option) => option._id));
    if (!optionIds.every((id) => known.has(id))) throw refuse(MESSAGES.examUnknownAnswer, field);
    if (question.type !== 'MULTIPLE_CHOICE' && optionIds.length > 1)
      throw refuse(MESSAGES.examOneAnswer, field);
    return { questionId: question._id, optionIds, answerText: null, fileUrls: [] };
  }
  if (optionIds.length > 0) throw refuse(MESSAGES.examAnswerNotForType, field);
  if (question.type === 'TEXT') {
    if (fileUrls.length > 0) throw refuse(MESSAGES.examAnswerNotForType, field);
    return { questionId: question._id, optionIds: [], answerText: text, fileUrls: [] };
  }
  return { questionId: question._id, optionIds: [], answerText: text, fileUrls };
}
