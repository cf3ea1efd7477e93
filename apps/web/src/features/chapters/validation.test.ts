import { MESSAGES } from '@portal/shared/messages';
import { describe, expect, it } from 'vitest';
import { chapterFormError, chapterFormValues } from './validation';

const filled = { title: 'Motion', description: 'Speed', subject_id: 's1', visibility: true };

describe('chapterFormError', () => {
  it('accepts a filled form', () => {
    expect(chapterFormError(filled, false)).toBeNull();
  });

  it.each([{ title: ' ' }, { description: '' }, { subject_id: null }])('refuses %j', (change) => {
    expect(chapterFormError({ ...filled, ...change }, false)).toBe(MESSAGES.fillAllFormFields);
    expect(chapterFormError({ ...filled, ...change }, true)).toBe(MESSAGES.fillTheForm);
  });
});

describe('chapterFormValues', () => {
  it('starts a new chapter visible in the chosen subject', () => {
    expect(chapterFormValues(null, 's1')).toEqual({
      title: '',
      description: '',
      subject_id: 's1',
      visibility: true,
    });
  });
});
