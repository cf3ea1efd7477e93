/** Limits of one imported question file (the preview and the import share them). */
export const IMPORT_LIMITS = {
  /** Bytes of UTF-8 text. */
  fileBytes: 2 * 1024 * 1024,
  questions: 500,
  /** Problems that are no question (stray lines): past this the rest of the file is not read. */
  problems: 500,
  titleChars: 5000,
  optionChars: 1000,
  options: 26,
  marks: 1000,
  /**
   * Characters of one GIFT question (its paragraph): far above a title and 26 options at their
   * limits with feedback, and it bounds the parser's work on one paragraph.
   */
  giftQuestionChars: 100_000,
} as const;
