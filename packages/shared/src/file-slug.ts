/**
 * A download's file name part from a title: lower-case ASCII letters and digits joined by single
 * dashes, or `fallback` when the title has none (a name in another script, say).
 */
export function fileSlug(text: string, fallback: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || fallback
  );
}
