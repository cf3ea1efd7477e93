import { MESSAGES } from '@portal/shared/messages';
import { wallTimeInstant } from '@portal/shared/time';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  type AssessmentFormValues,
  assessmentFormResult,
  assessmentFormValues,
  type EditedAssessment,
  emptyAssessmentValues,
  NO_FILES,
} from './assessment-form';
import { nextQuarterHour, splitByDue, toInstant, toPickerValue } from './assessment-time';

const SUBJECT = '0b5c2a56-4b8e-4c1a-9d7e-1f2a3b4c5d6e';
// The institution's zone, whatever the device's (decision 37): the tests run in UTC or anywhere.
const ZONE = 'Asia/Kolkata';
const at = (wall: string) => wallTimeInstant(wall, ZONE);
const now = at('2026-05-11 10:07:30');

const filled = (): AssessmentFormValues => ({
  ...emptyAssessmentValues('batch'),
  title: '  Light and lenses ',
  description: 'Unit test',
  batch_subject_id: SUBJECT,
  start: '2026-05-11 10:15:00',
  due: '2026-05-11 11:00:00',
});

describe('assessmentFormResult (learning §5)', () => {
  it('answers the body to create, with the times as instants and noFiles without a paper', () => {
    expect(assessmentFormResult(filled(), now, ZONE)).toEqual({
      create: {
        title: 'Light and lenses',
        description: 'Unit test',
        batch_subject_id: SUBJECT,
        // 10:15 and 11:00 in Kolkata (UTC+05:30).
        start_date: '2026-05-11T04:45:00.000Z',
        due_date: '2026-05-11T05:30:00.000Z',
        url: NO_FILES,
        duration_minutes: null,
        draw_count: null,
        shuffle_questions: false,
        shuffle_options: false,
        one_at_a_time: false,
      },
    });
    const withPaper = assessmentFormResult({ ...filled(), url: '/files/i/paper.pdf' }, now, ZONE);
    expect(withPaper).toMatchObject({ create: { url: '/files/i/paper.pdf' } });
  });

  it.each([
    ['title', { title: ' ' }],
    ['description', { description: '' }],
    ['batch subject', { batch_subject_id: null }],
    ['start', { start: null }],
    ['due date', { due: null }],
  ])('asks to fill the form without a %s', (_field, change) => {
    expect(assessmentFormResult({ ...filled(), ...change }, now, ZONE)).toEqual({
      error: MESSAGES.fillTheForm,
    });
  });

  it('refuses a start before now (its quarter hour), and a due date not after the start', () => {
    expect(assessmentFormResult({ ...filled(), start: '2026-05-11 09:45:00' }, now, ZONE)).toEqual({
      error: MESSAGES.assessmentStartInPast,
    });
    // 10:00 at 10:07: the slot that is running, as the server counts it.
    expect(assessmentFormResult({ ...filled(), start: '2026-05-11 10:00:00' }, now, ZONE)).toHaveProperty(
      'create',
    );
    expect(assessmentFormResult({ ...filled(), due: '2026-05-11 10:00:00' }, now, ZONE)).toEqual({
      error: MESSAGES.assessmentDueBeforeStart,
    });
    expect(assessmentFormResult({ ...filled(), due: '2026-05-11 10:15:00' }, now, ZONE)).toEqual({
      error: MESSAGES.assessmentDueBeforeStart,
    });
    expect(assessmentFormResult({ ...filled(), due: '2026-05-11 10:30:00' }, now, ZONE)).toHaveProperty(
      'create',
    );
  });

  it('says what the shared schema refuses, e.g. a title over its length', () => {
    expect(assessmentFormResult({ ...filled(), title: 'x'.repeat(201) }, now, ZONE)).toHaveProperty('error');
  });

  it('keeps times on quarter hours', () => {
    expect(assessmentFormResult({ ...filled(), start: '2026-05-11 10:20:00' }, now, ZONE)).toEqual({
      error: MESSAGES.assessmentQuarterHours,
    });
    expect(assessmentFormResult({ ...filled(), due: '2026-05-11 11:00:30' }, now, ZONE)).toEqual({
      error: MESSAGES.assessmentQuarterHours,
    });
  });

  describe('editing', () => {
    const original: EditedAssessment = {
      title: 'Light',
      description: 'Unit test',
      batch_subject_id: SUBJECT,
      start_date: '2026-05-11T03:05:00.000Z',
      due_date: '2026-05-20T03:00:00.000Z',
      url: NO_FILES,
      duration_minutes: 45,
      shuffle_questions: true,
      shuffle_options: false,
      draw_count: null,
      one_at_a_time: false,
      settings_frozen: true,
    };

    it('keeps a start that has passed when it is not changed, and never sends the batch subject', () => {
      const values = { ...assessmentFormValues(original, ZONE), title: 'Light again' };
      const later = dayjs(original.start_date).add(1, 'day').toDate();
      expect(assessmentFormResult(values, later, ZONE, original)).toEqual({
        edit: {
          title: 'Light again',
          description: 'Unit test',
          start_date: original.start_date,
          due_date: original.due_date,
          url: NO_FILES,
        },
      });
    });

    it('sends the settings only while no student has started', () => {
      const open = { ...original, settings_frozen: false };
      const values = { ...assessmentFormValues(open, ZONE), duration: '90', draw: '' };
      const later = dayjs(original.start_date).add(1, 'day').toDate();
      expect(assessmentFormResult(values, later, ZONE, open)).toMatchObject({
        edit: { duration_minutes: 90, draw_count: null, shuffle_questions: true },
      });
      // Frozen: the typed values are not sent, so the server's 409 never comes.
      expect(assessmentFormResult(values, later, ZONE, original)).not.toHaveProperty('edit.duration_minutes');
    });

    it.each([
      ['a duration of 0', { duration: '0' }, MESSAGES.examDurationInvalid],
      ['a duration in parts', { duration: '1.5' }, MESSAGES.examDurationInvalid],
      ['a duration that is no number', { duration: 'an hour' }, MESSAGES.examDurationInvalid],
      ['a draw of 0', { draw: '0' }, MESSAGES.examDrawInvalid],
    ])('refuses %s', (_case, change, message) => {
      const open = { ...original, settings_frozen: false };
      const values = { ...assessmentFormValues(open, ZONE), ...change };
      expect(assessmentFormResult(values, new Date(original.start_date), ZONE, open)).toEqual({
        error: message,
      });
    });

    it('checks a start that was changed', () => {
      const later = dayjs(original.start_date).add(1, 'day').toDate();
      const earlier = dayjs(original.start_date).subtract(5, 'minute').toISOString();
      const moved = { ...assessmentFormValues(original, ZONE), start: toPickerValue(earlier, ZONE) };
      expect(assessmentFormResult(moved, later, ZONE, original)).toEqual({
        error: MESSAGES.assessmentStartInPast,
      });
    });

    it('shows an assessment without a paper with no paper', () => {
      expect(assessmentFormValues(original, ZONE).url).toBeNull();
      expect(assessmentFormValues({ ...original, url: '/files/p.pdf' }, ZONE).url).toBe('/files/p.pdf');
    });
  });
});

describe('assessment times', () => {
  it('picks times in the institution’s zone: a picker value and an instant are the same moment there', () => {
    expect(toPickerValue('2026-05-11T12:00:00.000Z', ZONE)).toBe('2026-05-11 17:30:00');
    expect(toInstant('2026-05-11 17:30:00', ZONE)).toBe('2026-05-11T12:00:00.000Z');
    expect(toInstant('2026-05-11 17:30:00', 'UTC')).toBe('2026-05-11T17:30:00.000Z');
  });

  it('offers the next quarter hour as the earliest start', () => {
    expect(nextQuarterHour(at('2026-05-11 10:07:30'), ZONE)).toBe('2026-05-11 10:15:00');
    expect(nextQuarterHour(at('2026-05-11 10:15:00'), ZONE)).toBe('2026-05-11 10:15:00');
    expect(nextQuarterHour(new Date(at('2026-05-11 10:15:00').getTime() + 1000), ZONE)).toBe(
      '2026-05-11 10:30:00',
    );
    expect(nextQuarterHour(at('2026-05-11 23:50:00'), ZONE)).toBe('2026-05-12 00:00:00');
  });

  it('splits Upcoming (now on or before due) from Previous (after due)', () => {
    const due = (wall: string) => ({ due_date: at(wall).toISOString(), name: wall });
    const list = [due('2026-05-11 10:00:00'), due('2026-05-11 10:07:30'), due('2026-05-12 09:00:00')];
    const { upcoming, previous } = splitByDue(list, now);
    expect(upcoming.map((a) => a.name)).toEqual(['2026-05-11 10:07:30', '2026-05-12 09:00:00']);
    expect(previous.map((a) => a.name)).toEqual(['2026-05-11 10:00:00']);
  });
});
