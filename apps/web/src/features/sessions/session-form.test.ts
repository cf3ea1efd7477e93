import { MESSAGES } from '@portal/shared/messages';
import { wallTimeInstant } from '@portal/shared/time';
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
// Picked in the institution's zone, whatever the device's (decision 37).
const ZONE = 'Asia/Kolkata';
const now = wallTimeInstant('2026-05-11 10:07:30', ZONE);

const filled = (): SessionFormValues => ({
  ...emptySessionValues(now, ZONE, BATCH),
  title: '  Optics revision ',
  batch_subject_id: SUBJECT,
});

describe('the session forms (learning §5)', () => {
  it('starts at now’s 15-minute slot and ends 30 minutes later', () => {
    const values = emptySessionValues(now, ZONE);
    expect(values.start).toBe('2026-05-11 10:00:00');
    expect(values.end).toBe('2026-05-11 10:30:00');
  });

  it('moves the end to 30 minutes after a new start when the end is not later or too far', () => {
    const base = { ...filled(), start: '2026-05-11 11:00:00', end: '2026-05-11 11:20:00' };
    expect(withStart(base, '2026-05-11 11:00:00', ZONE).end).toBe('2026-05-11 11:20:00');
    expect(withStart(base, '2026-05-11 11:30:00', ZONE).end).toBe('2026-05-11 12:00:00');
    expect(withStart({ ...base, end: '2026-05-11 13:00:00' }, '2026-05-11 11:00:00', ZONE).end).toBe(
      '2026-05-11 11:30:00',
    );
  });

  it('answers the live session to send with UTC instants', () => {
    const result = liveSessionResult(filled(), now, ZONE);
    expect(result).toEqual({
      body: {
        title: 'Optics revision',
        batch_id: BATCH,
        batch_subject_id: SUBJECT,
        // 10:00 and 10:30 in Kolkata (UTC+05:30).
        start_time: '2026-05-11T04:30:00.000Z',
        end_time: '2026-05-11T05:00:00.000Z',
      },
    });
  });

  it('refuses an incomplete live session, a start before now and an end before the start', () => {
    expect(liveSessionResult({ ...filled(), batch_subject_id: null }, now, ZONE)).toEqual({
      error: MESSAGES.fillAllFormFields,
    });
    expect(liveSessionResult({ ...filled(), title: '   ' }, now, ZONE)).toEqual({
      error: MESSAGES.fillAllFormFields,
    });
    expect(liveSessionResult({ ...filled(), start: '2026-05-11 09:45:00' }, now, ZONE)).toEqual({
      error: MESSAGES.sessionStartInPast,
    });
    expect(liveSessionResult({ ...filled(), end: '2026-05-11 10:00:00' }, now, ZONE)).toEqual({
      error: MESSAGES.sessionEndBeforeStart,
    });
  });

  it('asks for the custom session’s details, then for its students', () => {
    expect(customSessionResult({ ...filled(), end: null }, [STUDENT], now, ZONE)).toEqual({
      error: MESSAGES.fillTheForm,
    });
    expect(customSessionResult(filled(), [], now, ZONE)).toEqual({ error: MESSAGES.selectStudents });
    const result = customSessionResult(filled(), [STUDENT], now, ZONE);
    expect(result).toMatchObject({
      body: { subject_id: SUBJECT, batch_id: BATCH, student_ids: [STUDENT], total_students: 1 },
    });
  });
});
