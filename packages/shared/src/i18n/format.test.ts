import { afterEach, describe, expect, it } from 'vitest';
import { LABELS, MESSAGES, QUESTION_IMPORT_HELP } from '../messages.js';
import { SIGN_IN_MESSAGES } from '../sign-in-messages.js';
import { registerLanguage, setActiveLanguage } from './active.js';
import { formatMessage, formatNumber } from './format.js';
import { enableIcuFormat } from './icu.js';
import { pseudoText } from './pseudo.js';

enableIcuFormat();
registerLanguage('hi', {
  messages: { loginFailed: 'गलत उपयोगकर्ता नाम/पासवर्ड। कृपया फिर से प्रयास करें।' },
  labels: { home: 'होम' },
  importHelp: ['CSV', 'GIFT {T}', 'XML', 'Aiken', 'अन्य'],
});

afterEach(() => setActiveLanguage('en'));

describe('the catalogue in the active language', () => {
  it('reads English, the spec’s words, by default', () => {
    expect(MESSAGES.loginFailed).toBe('Incorrect username/password. Please try again.');
    expect(SIGN_IN_MESSAGES.loginFailed).toBe('Incorrect username/password. Please try again.');
    expect(LABELS.home).toBe('Home');
  });

  it('reads the active language, and English where it lacks a text', () => {
    setActiveLanguage('hi');
    expect(MESSAGES.loginFailed).toBe('गलत उपयोगकर्ता नाम/पासवर्ड। कृपया फिर से प्रयास करें।');
    expect(SIGN_IN_MESSAGES.loginFailed).toBe(MESSAGES.loginFailed);
    expect(LABELS.home).toBe('होम');
    expect(LABELS.logout).toBe('Logout');
    expect(QUESTION_IMPORT_HELP[1]).toBe('GIFT {T}');
    expect(QUESTION_IMPORT_HELP.map((line) => line.length)).toHaveLength(5);
  });

  it('lists every key, so spreading and iterating keep working', () => {
    expect(Object.keys(LABELS)).toContain('home');
    expect({ ...MESSAGES }.loginFailed).toBe(MESSAGES.loginFailed);
  });
});

describe('formatMessage', () => {
  it('fills plain arguments as before', () => {
    expect(formatMessage('Showing {shown} of {total}', { shown: '5', total: '9' })).toBe('Showing 5 of 9');
    expect(formatMessage('Hello {name} {missing}', { name: 'Asha' })).toBe('Hello Asha {missing}');
  });

  it('writes numbers with Indian grouping in every language', () => {
    expect(formatMessage('Showing {shown} of {total}', { shown: 50, total: 100000 })).toBe(
      'Showing 50 of 1,00,000',
    );
    expect(formatNumber(1234567, 'hi')).toBe('12,34,567');
    expect(formatNumber(1234567, 'bn')).toBe('12,34,567');
    expect(formatNumber(1234567, 'ta')).toBe('12,34,567');
  });

  it('formats ICU plurals in the active language', () => {
    const text = '{count, plural, one {# problem} other {# problems}} in {file}';
    expect(formatMessage(text, { count: 1, file: 'a.csv' })).toBe('1 problem in a.csv');
    expect(formatMessage(text, { count: 100000, file: 'a.csv' })).toBe('1,00,000 problems in a.csv');
    setActiveLanguage('hi');
    expect(formatMessage('{n, plural, one {# प्रश्न} other {# प्रश्न}} और {m}', { n: 2500, m: 1200 })).toBe(
      '2,500 प्रश्न और 1,200',
    );
  });
});

describe('the pseudo-locale', () => {
  it('accents, lengthens and brackets a text, keeping its arguments', () => {
    expect(pseudoText('Hello {name}')).toBe('⟦Ĥéĺĺó {name}··⟧');
  });
});
