import { formatMessage, MESSAGES } from '@portal/shared';
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

/**
 * The grades Moodle offers for an option, in percent (`question_bank::fraction_options_full`:
 * these and their negatives). Moodle's own import skips a question with any other grade.
 */
const MOODLE_GRADES = [
  100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667, 14.28571, 12.5,
  11.11111, 10, 5, 0,
];

// Moodle compares fractions (percent / 100) within 0.00001: 0.001 in percent.
const isMoodleGrade = (percent: number) =>
  MOODLE_GRADES.some((grade) => Math.abs(Math.abs(percent) - grade) < 0.001);

/**
 * A warning per option whose grade Moodle would not accept (a 33 where 33.33333 was meant, say):
 * the question still imports, read as `choiceQuestion` reads it, and the preview says how, so the
 * author can check the right options.
 */
export function unlistedGradeWarnings(
  options: readonly WeightedOption[],
  parsed: readonly ParsedOption[],
): string[] {
  return options.flatMap((option, index) =>
    isMoodleGrade(option.credit)
      ? []
      : [
          formatMessage(MESSAGES.importGradeNotMoodle, {
            letter: optionLetter(index),
            grade: String(option.credit),
            verdict: parsed[index]?.correct ? MESSAGES.importGradeRight : MESSAGES.importGradeWrong,
          }),
        ],
  );
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
