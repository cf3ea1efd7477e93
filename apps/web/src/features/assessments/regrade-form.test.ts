import type { Question } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';
import { describe, expect, it } from 'vitest';
import { regradeResult, regradeValues } from './regrade-form';

const A = '0b5c2a56-4b8e-4c1a-9d7e-1f2a3b4c5d6a';
const B = '0b5c2a56-4b8e-4c1a-9d7e-1f2a3b4c5d6b';

const question = (type: Question['type']): Question => ({
  _id: 'q',
  title: 'Q',
  type,
  weightage: 2,
  position: 1,
  assessment_id: null,
  topic_id: null,
  answers:
    type === 'TEXT'
      ? []
      : [
          { _id: A, title: 'A', position: 1, correct: false, type: 'INCORRECT' },
          { _id: B, title: 'B', position: 2, correct: true, type: 'CORRECT' },
        ],
});

describe('the regrade form (decision 39)', () => {
  it('starts from the question’s key and sends the right options and marks', () => {
    const single = question('SINGLE_CHOICE');
    expect(regradeValues(single)).toEqual({ right: [B], marks: '2' });
    expect(regradeResult(single, { right: [A], marks: '2.5' })).toEqual({
      body: { right_option_ids: [A], weightage: 2.5 },
    });
  });

  it('sends only the marks of a text question', () => {
    expect(regradeResult(question('TEXT'), { right: [], marks: '4' })).toEqual({ body: { weightage: 4 } });
  });

  it.each([
    ['no right option', { right: [], marks: '2' }, MESSAGES.regradeNoRightOption],
    ['empty marks', { right: [A], marks: '' }, MESSAGES.regradeMarksInvalid],
    ['marks of 0', { right: [A], marks: '0' }, MESSAGES.regradeMarksInvalid],
  ])('refuses %s', (_case, values, message) => {
    expect(regradeResult(question('MULTIPLE_CHOICE'), values)).toEqual({ error: message });
  });
});
