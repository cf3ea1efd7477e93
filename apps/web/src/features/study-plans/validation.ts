import type { CreateStudyPlanBody } from '@portal/shared';
import { MESSAGES } from '@portal/shared/messages';
import dayjs from 'dayjs';

/** Study plan dates are shown as dd/MM/yyyy and sent as YYYY-MM-DD (management §9). */
export const STUDY_PLAN_DATE_FORMAT = 'DD/MM/YYYY';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today in the browser's calendar, `YYYY-MM-DD`. */
export const todayIso = (now = new Date()) => dayjs(now).format('YYYY-MM-DD');

/** The `date` search parameter when it is a real day, else today. */
export function pageDate(param: string | null, now = new Date()): string {
  if (param && ISO_DAY.test(param) && dayjs(param).format('YYYY-MM-DD') === param) return param;
  return todayIso(now);
}

export interface StudyPlanFormValues {
  date: string | null;
  batch_subject_id: string | null;
  chapter_id: string | null;
  topic_ids: string[];
}

/**
 * The popup needs a date, a subject and at least one topic ('Please fill in the form.'); the
 * chapter only narrows the topics offered. Answers the body to send, or the message to show.
 */
export function studyPlanBody(values: StudyPlanFormValues): CreateStudyPlanBody | { error: string } {
  if (!values.date || !values.batch_subject_id || values.topic_ids.length === 0) {
    return { error: MESSAGES.fillInTheForm };
  }
  return { date: values.date, batch_subject_id: values.batch_subject_id, topic_ids: values.topic_ids };
}
