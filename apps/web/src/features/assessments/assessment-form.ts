import { MESSAGES } from '@portal/shared/messages';
import {
  createAssessmentBodySchema,
  type ExamSettingsBody,
  earliestAssessmentStart,
  examSettingsBodySchema,
  NO_FILES,
  updateAssessmentBodySchema,
} from '@portal/shared/schemas/assessments';
import { wallTimeInstant } from '@portal/shared/time';
import { firstIssue } from '../../lib/checked-text';
import { onQuarterHour, toInstant, toPickerValue } from './assessment-time';

export { NO_FILES };

export interface AssessmentFormValues {
  title: string;
  description: string;
  /** Narrows the subjects offered; not sent. */
  batch_id: string | null;
  batch_subject_id: string | null;
  /** Picker values (`YYYY-MM-DD HH:mm:ss`, wall times of the institution's zone). */
  start: string | null;
  due: string | null;
  /** The question paper's stored link, or null for none. */
  url: string | null;
  /** The examination's settings (decisions 38 and 39); the numbers as typed, empty for none. */
  duration: string;
  draw: string;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  one_at_a_time: boolean;
}

/** What the form edits of an existing assessment. */
export interface EditedAssessment {
  title: string;
  description: string;
  batch_subject_id: string;
  start_date: string;
  due_date: string;
  url: string;
  duration_minutes: number | null;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  draw_count: number | null;
  one_at_a_time: boolean;
  /** A student has started it: the settings are not sent. */
  settings_frozen: boolean;
}

export const emptyAssessmentValues = (batchId: string | null): AssessmentFormValues => ({
  title: '',
  description: '',
  batch_id: batchId,
  batch_subject_id: null,
  start: null,
  due: null,
  url: null,
  duration: '',
  draw: '',
  shuffle_questions: false,
  shuffle_options: false,
  one_at_a_time: false,
});

export const assessmentFormValues = (
  assessment: EditedAssessment & { batch_id?: string | null },
  timeZone: string,
): AssessmentFormValues => ({
  title: assessment.title,
  description: assessment.description,
  batch_id: assessment.batch_id ?? null,
  batch_subject_id: assessment.batch_subject_id,
  start: toPickerValue(assessment.start_date, timeZone),
  due: toPickerValue(assessment.due_date, timeZone),
  url: assessment.url && assessment.url !== NO_FILES ? assessment.url : null,
  duration: assessment.duration_minutes === null ? '' : String(assessment.duration_minutes),
  draw: assessment.draw_count === null ? '' : String(assessment.draw_count),
  shuffle_questions: assessment.shuffle_questions,
  shuffle_options: assessment.shuffle_options,
  one_at_a_time: assessment.one_at_a_time,
});

/** A number field as sent: empty is none (null); anything else its number (NaN is refused by the schema). */
const numberOf = (typed: string) => (typed.trim() === '' ? null : Number(typed.trim()));

/** The settings to send, checked by the shared schema. */
export function settingsResult(
  values: AssessmentFormValues,
): { settings: ExamSettingsBody } | { error: string } {
  const settings = {
    duration_minutes: numberOf(values.duration),
    draw_count: numberOf(values.draw),
    shuffle_questions: values.shuffle_questions,
    shuffle_options: values.shuffle_options,
    one_at_a_time: values.one_at_a_time,
  };
  const parsed = examSettingsBodySchema.safeParse(settings);
  return parsed.success ? { settings: parsed.data } : { error: firstIssue(parsed) ?? MESSAGES.fillTheForm };
}

export interface AssessmentTimes extends Partial<ExamSettingsBody> {
  title: string;
  description: string;
  start_date: string;
  due_date: string;
  url: string;
}

export type AssessmentFormResult =
  | { error: string }
  | { create: AssessmentTimes & { batch_subject_id: string } }
  | { edit: AssessmentTimes };

/**
 * Checks the popup as learning §5 says, and answers the body to send or the message to show:
 * everything but the paper is required ('Please fill the form'), times fall on quarter hours, the
 * start is not before now (its 15-minute slot, as the server counts it) and the due date comes
 * after the start; then the shared schema the server applies. Editing keeps a start or due date
 * that has already passed when it is left unchanged, and never sends the batch subject. The picked
 * times are wall times of `timeZone`, the institution's (decision 37).
 */
export function assessmentFormResult(
  values: AssessmentFormValues,
  now: Date,
  timeZone: string,
  original?: EditedAssessment,
): AssessmentFormResult {
  const title = values.title.trim();
  const description = values.description.trim();
  const batchSubjectId = original ? original.batch_subject_id : values.batch_subject_id;
  if (!title || !description || !batchSubjectId || !values.start || !values.due) {
    return { error: MESSAGES.fillTheForm };
  }
  const start = wallTimeInstant(values.start, timeZone).getTime();
  const due = wallTimeInstant(values.due, timeZone).getTime();
  const unchanged = (instant: number, original: string | undefined) =>
    original !== undefined && instant === new Date(original).getTime();
  const startKept = unchanged(start, original?.start_date);
  const dueKept = unchanged(due, original?.due_date);
  if ((!startKept && !onQuarterHour(values.start)) || (!dueKept && !onQuarterHour(values.due))) {
    return { error: MESSAGES.assessmentQuarterHours };
  }
  if (!startKept && start < earliestAssessmentStart(now).getTime()) {
    return { error: MESSAGES.assessmentStartInPast };
  }
  if (due <= start) return { error: MESSAGES.assessmentDueBeforeStart };
  if (!dueKept && due < now.getTime()) return { error: MESSAGES.assessmentDueInPast };
  // Frozen settings (a student has started) are left as they are.
  const settings = original?.settings_frozen ? null : settingsResult(values);
  if (settings && 'error' in settings) return settings;

  const times: AssessmentTimes = {
    title,
    description,
    start_date: startKept && original ? original.start_date : toInstant(values.start, timeZone),
    due_date: dueKept && original ? original.due_date : toInstant(values.due, timeZone),
    url: values.url ?? NO_FILES,
    ...settings?.settings,
  };
  if (original) {
    const problem = firstIssue(updateAssessmentBodySchema.safeParse(times));
    return problem ? { error: problem } : { edit: times };
  }
  const body = { ...times, batch_subject_id: batchSubjectId };
  const problem = firstIssue(createAssessmentBodySchema.safeParse(body));
  return problem ? { error: problem } : { create: body };
}
