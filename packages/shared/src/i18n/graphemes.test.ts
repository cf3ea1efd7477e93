import { describe, expect, it } from 'vitest';
import { graphemes, initialsOf, truncateGraphemes } from './graphemes.js';

describe('graphemes', () => {
  it('keeps a syllable with its virama and vowel sign', () => {
    expect(graphemes('प्रिया')).toEqual(['प्रि', 'या']);
    expect(graphemes('தமிழ்')).toEqual(['த', 'மி', 'ழ்']);
    expect(graphemes('ক্ষেত্র')).toEqual(['ক্ষে', 'ত্র']);
  });

  it('truncates without cutting a grapheme', () => {
    expect(truncateGraphemes('प्रिया नायर', 1)).toBe('प्रि…');
    expect('प्रिया'.slice(0, 2)).toBe('प्');
    expect(truncateGraphemes('Ohm’s law', 20)).toBe('Ohm’s law');
  });

  it('takes initials by grapheme', () => {
    expect(initialsOf('Greenwood High School')).toBe('GH');
    expect(initialsOf('प्रियदर्शिनी')).toBe('प्रिय');
    expect(initialsOf('तमिल नाडु')).toBe('तना');
    expect(initialsOf('  ')).toBe('?');
  });
});
