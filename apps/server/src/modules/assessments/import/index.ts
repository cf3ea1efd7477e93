export { IMPORT_LIMITS } from './limits.js';
export { parseQuestionFile } from './parse-question-file.js';
export type {
  ImportFormat,
  ImportProblem,
  ParsedOption,
  ParsedQuestion,
  ParsedQuestionFile,
  ParseQuestionFileOptions,
  QuestionType,
} from './types.js';
