import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, ROLES } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { defaultDemoVideoDirectory, demoCaptionFile } from './default-demo-videos.js';

interface Cue {
  id: string;
  times: string;
  text: string;
}

/** The cues of a WebVTT file as the recorder writes it: a header, then blocks of id, times and text. */
function cuesOf(file: string): Cue[] {
  const text = readFileSync(path.join(defaultDemoVideoDirectory()!, file), 'utf8');
  const [header, ...blocks] = text.trimEnd().split('\n\n');
  expect(header, file).toBe('WEBVTT');
  return blocks.map((block) => {
    const [id = '', times = '', ...lines] = block.split('\n');
    return { id, times, text: lines.join('\n') };
  });
}

/** The script each language's captions are written in. */
const SCRIPTS = { hi: /\p{Script=Devanagari}/u, ta: /\p{Script=Tamil}/u, bn: /\p{Script=Bengali}/u };

describe('the demo videos’ caption files', () => {
  it.each(ROLES)('%s: every language has the English cues, at the same times, in its own script', (role) => {
    const english = cuesOf(demoCaptionFile(role, 'en'));
    expect(english.length).toBeGreaterThan(0);
    for (const cue of english) expect(cue.times).toMatch(/^\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}$/);
    for (const language of LANGUAGES.filter((each) => each !== 'en')) {
      const translated = cuesOf(demoCaptionFile(role, language));
      expect(
        translated.map(({ id, times }) => ({ id, times })),
        `${language}`,
      ).toEqual(english.map(({ id, times }) => ({ id, times })));
      for (const [index, cue] of translated.entries()) {
        expect(cue.text, `${language} cue ${cue.id}`).toMatch(SCRIPTS[language]);
        expect(cue.text).not.toBe(english[index]!.text);
      }
    }
  });
});
