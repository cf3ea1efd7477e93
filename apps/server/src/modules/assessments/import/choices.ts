import type { ParsedOption, QuestionDraft } from './types.js';

/** An option of a Moodle question with its weight in percent (Moodle's fraction × 100). */
export interface WeightedOption {
  title: string;
  credit: number;
}

// Moodle writes full credit as 100 or 100.0000000.
const FULL_CREDIT = 99.999;

/**
 * Decision 27 with Moodle's weights: in a one-answer question (Moodle's `single`) only a
 * full-credit option is right, since a partly right choice scores nothing under decision 20's
 * all-or-nothing marking; in a several-answers question every option of positive weight is one
 * of the right ones. One right option makes SINGLE_CHOICE, several MULTIPLE_CHOICE.
 */
export function choiceQuestion(
  options: readonly WeightedOption[],
  single: boolean,
): Pick<QuestionDraft, 'type' | 'options'> {
  const parsed: ParsedOption[] = options.map((option) => ({
    title: option.title,
    correct: single ? option.credit >= FULL_CREDIT : option.credit > 0,
  }));
  const rightOnes = parsed.filter((option) => option.correct).length;
  return { type: rightOnes > 1 ? 'MULTIPLE_CHOICE' : 'SINGLE_CHOICE', options: parsed };
}

/** A BOOLEAN question's options: A True, B False (decision 18). */
export function booleanOptions(trueIsCorrect: boolean): ParsedOption[] {
  return [
    { title: 'True', correct: trueIsCorrect },
    { title: 'False', correct: !trueIsCorrect },
  ];
}

/** An option's letter by position: A, B, C... (its number past Z). */
export function optionLetter(index: number): string {
  return index < 26 ? String.fromCharCode(65 + index) : String(index + 1);
}
