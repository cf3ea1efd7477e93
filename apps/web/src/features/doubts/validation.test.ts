import { MESSAGES } from '@portal/shared/messages';
import { describe, expect, it } from 'vitest';
import { doubtTextError, replyTextError } from './validation';

describe('doubt validation', () => {
  it('asks for an answer when the reply is empty or blank', () => {
    expect(replyTextError('')).toBe(MESSAGES.answerYourDoubt);
    expect(replyTextError('   ')).toBe(MESSAGES.answerYourDoubt);
    expect(replyTextError('Look at the second example.')).toBeNull();
  });

  it('refuses an empty doubt and one over the length limit', () => {
    expect(doubtTextError(' ')).toBe(MESSAGES.fillTheForm);
    expect(doubtTextError('x'.repeat(2001))).toMatch(/At most 2000/);
    expect(doubtTextError('Why is the sky blue?')).toBeNull();
  });
});
