import { MESSAGES } from '@portal/shared/messages';
import { describe, expect, it } from 'vitest';
import { emptySubjectForm, subjectBody, subjectFormError } from './validation';

const filled = { ...emptySubjectForm('physics'), title: 'Physics', code: 'PHY', description: 'Motion' };

describe('subjectFormError', () => {
  it('the popup needs title and code only', () => {
    expect(subjectFormError({ ...filled, description: '' }, false)).toBeNull();
    expect(subjectFormError({ ...filled, title: '  ' }, false)).toBe(MESSAGES.fillTheForm);
    expect(subjectFormError({ ...filled, code: '' }, false)).toBe(MESSAGES.fillTheForm);
  });

  it('the standalone form also needs description and logo', () => {
    expect(subjectFormError(filled, true)).toBeNull();
    expect(subjectFormError({ ...filled, description: ' ' }, true)).toBe(MESSAGES.fillTheForm);
    expect(subjectFormError({ ...filled, subject_logo: null }, true)).toBe(MESSAGES.fillTheForm);
  });
});

describe('subjectBody', () => {
  it('trims, defaults the logo and drops an empty image link', () => {
    expect(subjectBody({ ...filled, title: ' Physics ', subject_logo: null, subject_logo_url: ' ' })).toEqual(
      {
        title: 'Physics',
        code: 'PHY',
        description: 'Motion',
        subject_logo: 'others',
        subject_logo_url: null,
      },
    );
  });
});
