/**
 * The question-file importer's contract (CSV, GIFT, Moodle XML, Aiken; decisions 18 and 27): what
 * the assessment and self-assessment services rely on. The parser itself lives in `./import/`.
 */
export type QuestionType = 'SINGLE_CHOICE' | 'MULTIPLE_CHOICE' | 'BOOLEAN' | 'TEXT' | 'UPLOAD';
export type ImportFormat = 'csv' | 'gift' | 'moodle-xml' | 'aiken';
export interface ParsedOption {
  title: string;
  correct: boolean;
}
export interface ParsedQuestion {
  number: number;
  line: number | null;
  title: string;
  type: QuestionType;
  marks: number;
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
}

/** Until the importer is in place every file is reported as unreadable, and nothing is written. */
export function parseQuestionFile(
  _text: string,
  _options?: { allowedTypes?: readonly QuestionType[] },
): ParsedQuestionFile {
  return {
    format: null,
    questions: [],
    errors: [{ line: null, question: null, message: 'Question files cannot be read yet.' }],
  };
}
