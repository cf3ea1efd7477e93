import type { Accommodation, AccommodationBody } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';
import { accommodationBodySchema } from '@portal/shared/schemas/exam-fairness';
import { firstIssue } from '../../lib/checked-text';
import { toInstant, toPickerValue } from './assessment-time';

/** The extra-time form as typed: a student, minutes, a percentage and a later due date (a picker value). */
export interface AccommodationFormValues {
  studentId: string | null;
  minutes: string;
  percent: string;
  due: string | null;
}

export const emptyAccommodation: AccommodationFormValues = {
  studentId: null,
  minutes: '',
  percent: '',
  due: null,
};

/** A student's accommodation in the form, to change it. */
export const accommodationValues = (
  accommodation: Accommodation,
  timeZone: string,
): AccommodationFormValues => ({
  studentId: accommodation.student_id,
  minutes: accommodation.extra_minutes ? String(accommodation.extra_minutes) : '',
  percent: accommodation.extra_percent === null ? '' : String(accommodation.extra_percent),
  due: accommodation.due_date ? toPickerValue(accommodation.due_date, timeZone) : null,
});

/**
 * The body to send, or the message to show: a student must be chosen; empty minutes are none, an
 * empty percentage leaves the standing one; then the shared schema the server applies.
 */
export function accommodationResult(
  values: AccommodationFormValues,
  timeZone: string,
): { studentId: string; body: AccommodationBody } | { error: string } {
  if (!values.studentId) return { error: MESSAGES.fillTheForm };
  const body = {
    extra_minutes: values.minutes.trim() === '' ? 0 : Number(values.minutes.trim()),
    extra_percent: values.percent.trim() === '' ? null : Number(values.percent.trim()),
    due_date: values.due ? toInstant(values.due, timeZone) : null,
  };
  const problem = firstIssue(accommodationBodySchema.safeParse(body));
  return problem ? { error: problem } : { studentId: values.studentId, body };
}
