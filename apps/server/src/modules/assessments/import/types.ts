import type { QuestionType } from '@portal/shared';

export type { QuestionType };

export type ImportFormat = 'csv' | 'gift' | 'moodle-xml' | 'aiken';

/** An answer option; its letter (A, B, C...) is its position. `title` is safe HTML. */
export interface ParsedOption {
  title: string;
  correct: boolean;
}

export interface ParsedQuestion {
  /** 1-based position in the file among all questions seen (rejected ones included). */
  number: number;
  /** The line where the question starts (null when the format has none). */
  line: number | null;
  /** Safe HTML: markup of the allow-list (decision 27), or escaped plain text. */
  title: string;
  type: QuestionType;
  /** Positive; 1 where the format has no marks. */
  marks: number;
  /** Lettered A, B, C... by position; BOOLEAN = True, False; TEXT and UPLOAD = []. */
  options: ParsedOption[];
}

export interface ImportProblem {
  line: number | null;
  question: number | null;
  message: string;
}

export interface ParsedQuestionFile {
  format: ImportFormat | null;
  questions: ParsedQuestion[];
  errors: ImportProblem[];
  /** What imports but may not be what was meant (a grade Moodle would refuse), by question. */
  warnings: ImportProblem[];
}

export interface ParseQuestionFileOptions {
  /** Types that may be imported here; any other becomes an error on its line. */
  allowedTypes?: readonly QuestionType[];
}

/**
 * What each format reader yields, in file order. A `question` still has to pass the common
 * checks, and may carry warnings for the preview; a `rejected` question counts in the numbering; a `problem` is no question at all
 * (a broken file, a stray line).
 */
export type ImportEntry =
  | { kind: 'question'; line: number | null; question: QuestionDraft; warnings?: string[] }
  | { kind: 'rejected'; line: number | null; messages: string[] }
  | { kind: 'problem'; line: number | null; message: string };

export type QuestionDraft = Omit<ParsedQuestion, 'number' | 'line'>;
