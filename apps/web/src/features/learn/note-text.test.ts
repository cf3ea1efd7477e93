import { MESSAGES } from '@portal/shared/messages';
import { NOTE_MAX_LENGTH } from '@portal/shared/schemas/notes';
import { describe, expect, it } from 'vitest';
import { checkNoteText } from './note-text';

describe('checkNoteText', () => {
  it('asks to fill the form for an empty or blank note', () => {
    expect(checkNoteText('')).toEqual({ error: MESSAGES.fillTheForm });
    expect(checkNoteText('   \n ')).toEqual({ error: MESSAGES.fillTheForm });
  });

  it('sends the trimmed text', () => {
    expect(checkNoteText('  Convex lenses converge.  ')).toEqual({ note_text: 'Convex lenses converge.' });
  });

  it('refuses a note longer than the limit', () => {
    const result = checkNoteText('a'.repeat(NOTE_MAX_LENGTH + 1));
    expect(result).toHaveProperty('error');
  });
});
