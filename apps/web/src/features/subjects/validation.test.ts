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

  it('takes only http(s) links and the portal’s own files as the logo image link', () => {
    for (const link of ['', ' ', 'https://cdn.test/p.png', ' http://a.test/x.png ', '/files/i/logo.png']) {
      expect(subjectFormError({ ...filled, subject_logo_url: link }, false)).toBeNull();
    }
    for (const link of [
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      '/api/x',
      '/files/../x',
      'logo.png',
    ]) {
      expect(subjectFormError({ ...filled, subject_logo_url: link }, false)).toBe(MESSAGES.logoLinkInvalid);
    }
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
