import { MESSAGES } from '@portal/shared/messages';
import {
  createCustomSessionBodySchema,
  createOnlineSessionBodySchema,
  earliestSessionStart,
  endAfterStartChange,
  sessionStartAccepted,
} from '@portal/shared/schemas/online-sessions';
import { wallTimeInstant } from '@portal/shared/time';
import { firstIssue } from '../../lib/checked-text';
import { toInstant, toPickerValue } from '../assessments/assessment-time';

export type SessionKind = 'live' | 'custom';

export interface SessionFormValues {
  title: string;
  batch_id: string | null;
  batch_subject_id: string | null;
  /** Picker values (`YYYY-MM-DD HH:mm:ss`, wall times of the institution's zone). */
  start: string | null;
  end: string | null;
}

/**
 * A new form: the start at the earliest the server takes (now's 15-minute slot), the end 30 minutes
 * later, as wall times of `timeZone` (the institution's, decision 37).
 */
export function emptySessionValues(
  now: Date,
  timeZone: string,
  batchId: string | null = null,
): SessionFormValues {
  const start = earliestSessionStart(now);
  return {
    title: '',
    batch_id: batchId,
    batch_subject_id: null,
    start: toPickerValue(start, timeZone),
    end: toPickerValue(endAfterStartChange(start, null), timeZone),
  };
}

/** A new start moves the end as learning §5 says (`endAfterStartChange`); a cleared start keeps it. */
export function withStart(
  values: SessionFormValues,
  start: string | null,
  timeZone: string,
): SessionFormValues {
  if (!start) return { ...values, start };
  const end = endAfterStartChange(
    wallTimeInstant(start, timeZone),
    values.end ? wallTimeInstant(values.end, timeZone) : null,
  );
  return { ...values, start, end: toPickerValue(end, timeZone) };
}

export type LiveSessionResult =
  | { error: string }
  | {
      body: {
        title: string;
        batch_id: string;
        batch_subject_id: string;
        start_time: string;
        end_time: string;
      };
    };

function checkTimes(values: SessionFormValues, now: Date, timeZone: string): string | null {
  const start = wallTimeInstant(values.start!, timeZone).getTime();
  if (!sessionStartAccepted(new Date(start), now)) return MESSAGES.sessionStartInPast;
  if (wallTimeInstant(values.end!, timeZone).getTime() <= start) return MESSAGES.sessionEndBeforeStart;
  return null;
}

/**
 * The live session form as learning §5 checks it: every field ("Please fill all form fields"), the
 * start not before now (its 15-minute slot, as the server counts it), the end after the start; then
 * the shared schema the server applies. Times are sent as UTC instants.
 */
export function liveSessionResult(values: SessionFormValues, now: Date, timeZone: string): LiveSessionResult {
  const title = values.title.trim();
  if (!title || !values.batch_id || !values.batch_subject_id || !values.start || !values.end) {
    return { error: MESSAGES.fillAllFormFields };
  }
  const problem = checkTimes(values, now, timeZone);
  if (problem) return { error: problem };
  const body = {
    title,
    batch_id: values.batch_id,
    batch_subject_id: values.batch_subject_id,
    start_time: toInstant(values.start, timeZone),
    end_time: toInstant(values.end, timeZone),
  };
  const issue = firstIssue(createOnlineSessionBodySchema.safeParse(body));
  return issue ? { error: issue } : { body };
}

export type CustomDetailsResult = { error: string } | { ok: true };

/** The custom session's details before its students (learning §5): "Please fill the form". */
export function customDetailsResult(
  values: SessionFormValues,
  now: Date,
  timeZone: string,
): CustomDetailsResult {
  if (!values.title.trim() || !values.batch_id || !values.batch_subject_id || !values.start || !values.end) {
    return { error: MESSAGES.fillTheForm };
  }
  const problem = checkTimes(values, now, timeZone);
  return problem ? { error: problem } : { ok: true };
}

export type CustomSessionResult =
  | { error: string }
  | {
      body: {
        title: string;
        batch_id: string;
        subject_id: string;
        start_time: string;
        end_time: string;
        student_ids: string[];
        total_students: number;
      };
    };

/** The custom session to send: its details and the selected students ("Please select students."). */
export function customSessionResult(
  values: SessionFormValues,
  studentIds: readonly string[],
  now: Date,
  timeZone: string,
): CustomSessionResult {
  const details = customDetailsResult(values, now, timeZone);
  if ('error' in details) return details;
  if (studentIds.length === 0) return { error: MESSAGES.selectStudents };
  const body = {
    title: values.title.trim(),
    batch_id: values.batch_id!,
    subject_id: values.batch_subject_id!,
    start_time: toInstant(values.start!, timeZone),
    end_time: toInstant(values.end!, timeZone),
    student_ids: [...studentIds],
    total_students: studentIds.length,
  };
  const issue = firstIssue(createCustomSessionBodySchema.safeParse(body));
  return issue ? { error: issue } : { body };
}
