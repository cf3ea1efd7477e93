/** A question's marks written as a decimal number (Moodle writes 1.0000000); NaN otherwise. */
export function parseMarks(text: string): number {
  const trimmed = text.trim();
  return /^\d{1,7}(\.\d{1,10})?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
