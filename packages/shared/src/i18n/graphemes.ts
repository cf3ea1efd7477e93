/**
 * Cutting a text to a length by user-perceived characters (grapheme clusters), so a Devanagari,
 * Tamil or Bengali syllable is never split from its vowel sign or virama, nor an emoji from its
 * modifier. `String.slice` counts UTF-16 code units and would.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** The first `count` graphemes of `text`, with `…` when it had more. */
export function truncateGraphemes(text: string, count: number, ellipsis = '…'): string {
  const parts = graphemes(text);
  return parts.length > count ? `${parts.slice(0, count).join('')}${ellipsis}` : text;
}

/** Up to two initials of a name or title (its first two words' first graphemes), upper-cased. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word: string | undefined, count = 1) =>
    graphemes(word ?? '')
      .slice(0, count)
      .join('');
  const letters = words.length > 1 ? `${first(words[0])}${first(words[1])}` : first(words[0], 2);
  return (letters || '?').toUpperCase();
}
