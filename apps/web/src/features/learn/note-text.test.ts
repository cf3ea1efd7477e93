import { MESSAGES } from '@portal/shared/messages';
import { NOTE_MAX_LENGTH } from '@portal/shared/schemas/notes';
import { describe, expect, it } from 'vitest';
import { noteTextError } from './note-text';

describe('noteTextError', () => {
  it('asks to fill the form for an empty or blank note', () => {
    expect(noteTextError('')).toBe(MESSAGES.fillTheForm);
    expect(noteTextError('   \n ')).toBe(MESSAGES.fillTheForm);
  });

  it('accepts a note with text around spaces', () => {
    expect(noteTextError('  Convex lenses converge.  ')).toBeNull();
  });

  it('refuses a note longer than the limit', () => {
    expect(noteTextError('a'.repeat(NOTE_MAX_LENGTH + 1))).toEqual(expect.any(String));
  });
});
