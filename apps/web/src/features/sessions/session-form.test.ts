import { MESSAGES } from '@portal/shared/messages';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  customSessionResult,
  emptySessionValues,
  liveSessionResult,
  type SessionFormValues,
  withStart,
} from './session-form';

const BATCH = '5c0b7a56-4b8e-4c1a-9d7e-1f2a3b4c5d6e';
const SUBJECT = '0b5c2a56-4b8e-4c1a-9d7e-1f2a3b4c5d6e';
const STUDENT = '7d1e2a56-4b8e-4c1a-9d7e-1f2a3b4c5d6e';
const now = new Date(2026, 4, 11, 10, 7, 30);

const filled = (): SessionFormValues => ({
  ...emptySessionValues(now, BATCH),
  title: '  Optics revision ',
  batch_subject_id: SUBJECT,
});

describe('the session forms (learning §5)', () => {
  it('starts at now’s 15-minute slot and ends 30 minutes later', () => {
    const values = emptySessionValues(now);
    expect(values.start).toBe('2026-05-11 10:00:00');
    expect(values.end).toBe('2026-05-11 10:30:00');
  });

  it('moves the end to 30 minutes after a new start when the end is not later or too far', () => {
    const base = { ...filled(), start: '2026-05-11 11:00:00', end: '2026-05-11 11:20:00' };
    expect(withStart(base, '2026-05-11 11:00:00').end).toBe('2026-05-11 11:20:00');
    expect(withStart(base, '2026-05-11 11:30:00').end).toBe('2026-05-11 12:00:00');
    expect(withStart({ ...base, end: '2026-05-11 13:00:00' }, '2026-05-11 11:00:00').end).toBe(
      '2026-05-11 11:30:00',
    );
  });

  it('answers the live session to send with UTC instants', () => {
    const result = liveSessionResult(filled(), now);
    expect(result).toEqual({
      body: {
        title: 'Optics revision',
        batch_id: BATCH,
        batch_subject_id: SUBJECT,
        start_time: dayjs('2026-05-11 10:00:00').toISOString(),
        end_time: dayjs('2026-05-11 10:30:00').toISOString(),
      },
    });
  });

  it('refuses an incomplete live session, a start before now and an end before the start', () => {
    expect(liveSessionResult({ ...filled(), batch_subject_id: null }, now)).toEqual({
      error: MESSAGES.fillAllFormFields,
    });
    expect(liveSessionResult({ ...filled(), title: '   ' }, now)).toEqual({
      error: MESSAGES.fillAllFormFields,
    });
    expect(liveSessionResult({ ...filled(), start: '2026-05-11 09:45:00' }, now)).toEqual({
      error: MESSAGES.sessionStartInPast,
    });
    expect(liveSessionResult({ ...filled(), end: '2026-05-11 10:00:00' }, now)).toEqual({
      error: MESSAGES.sessionEndBeforeStart,
    });
  });

  it('asks for the custom session’s details, then for its students', () => {
    expect(customSessionResult({ ...filled(), end: null }, [STUDENT], now)).toEqual({
      error: MESSAGES.fillTheForm,
    });
    expect(customSessionResult(filled(), [], now)).toEqual({ error: MESSAGES.selectStudents });
    const result = customSessionResult(filled(), [STUDENT], now);
    expect(result).toMatchObject({
      body: { subject_id: SUBJECT, batch_id: BATCH, student_ids: [STUDENT], total_students: 1 },
    });
  });
});
