import { MESSAGES } from '@portal/shared/messages';
import { describe, expect, it } from 'vitest';
import { accommodationResult, accommodationValues, emptyAccommodation } from './accommodation-form';

const STUDENT = '0b5c2a56-4b8e-4c1a-9d7e-1f2a3b4c5d6e';
const ZONE = 'Asia/Kolkata';

describe('the extra-time form (decision 38)', () => {
  it('sends minutes, a percentage and a later due date as the API takes them', () => {
    const values = { studentId: STUDENT, minutes: '20', percent: '33.33', due: '2026-11-20 17:30:00' };
    expect(accommodationResult(values, ZONE)).toEqual({
      studentId: STUDENT,
      body: { extra_minutes: 20, extra_percent: 33.33, due_date: '2026-11-20T12:00:00.000Z' },
    });
    // Empty fields are none; an empty percentage leaves the student's standing one.
    expect(accommodationResult({ ...emptyAccommodation, studentId: STUDENT, minutes: '15' }, ZONE)).toEqual({
      studentId: STUDENT,
      body: { extra_minutes: 15, extra_percent: null, due_date: null },
    });
  });

  it.each([
    ['no student', { ...emptyAccommodation, minutes: '5' }, MESSAGES.fillTheForm],
    ['nothing given', { ...emptyAccommodation, studentId: STUDENT }, MESSAGES.accommodationEmpty],
    [
      'minutes in parts',
      { ...emptyAccommodation, studentId: STUDENT, minutes: '2.5' },
      MESSAGES.extraMinutesInvalid,
    ],
    [
      'a percentage over 200',
      { ...emptyAccommodation, studentId: STUDENT, percent: '250' },
      MESSAGES.extraPercentInvalid,
    ],
    [
      'three decimals',
      { ...emptyAccommodation, studentId: STUDENT, percent: '1.005' },
      MESSAGES.extraPercentInvalid,
    ],
    ['words', { ...emptyAccommodation, studentId: STUDENT, minutes: 'ten' }, MESSAGES.extraMinutesInvalid],
  ])('refuses %s', (_case, values, message) => {
    expect(accommodationResult(values, ZONE)).toEqual({ error: message });
  });

  it('shows a saved accommodation as typed values', () => {
    const values = accommodationValues(
      {
        student_id: STUDENT,
        student_name: 'Asha',
        extra_minutes: 0,
        extra_percent: 25,
        due_date: '2026-11-20T12:00:00.000Z',
        updated_at: '2026-11-19T12:00:00.000Z',
      },
      ZONE,
    );
    expect(values).toEqual({ studentId: STUDENT, minutes: '', percent: '25', due: '2026-11-20 17:30:00' });
  });
});
