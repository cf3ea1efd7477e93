import { MESSAGES } from '@portal/shared/messages';
import { describe, expect, it } from 'vitest';
import { pageDate, studyPlanBody } from './validation';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('studyPlanBody', () => {
  const complete = { date: '2026-11-20', batch_subject_id: id(1), chapter_id: id(2), topic_ids: [id(3)] };

  it('sends date, batch subject and topics', () => {
    expect(studyPlanBody(complete)).toEqual({
      date: '2026-11-20',
      batch_subject_id: id(1),
      topic_ids: [id(3)],
    });
  });

  it.each([{ batch_subject_id: null }, { topic_ids: [] }, { date: null }])(
    'asks to fill in the form when %j',
    (change) => {
      expect(studyPlanBody({ ...complete, ...change })).toEqual({ error: MESSAGES.fillInTheForm });
    },
  );
});

describe('pageDate', () => {
  const today = '2026-11-20';

  it('keeps a real day from the address', () => {
    expect(pageDate('2026-02-28', today)).toBe('2026-02-28');
  });

  it.each([null, '', '2026-02-30', '20/11/2026', 'today', '0000-01-01', '1999-12-31', '2100-01-01'])(
    'falls back to the given today for %j',
    (value) => {
      expect(pageDate(value, today)).toBe(today);
    },
  );
});
