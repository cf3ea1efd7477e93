import type { CreateStudyPlanBody } from '@portal/shared';
import { CALENDAR_DATE_RANGE } from '@portal/shared/constants';
import { MESSAGES } from '@portal/shared/messages';
import dayjs from 'dayjs';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The `date` search parameter when it is a real day the server accepts (2000-2099), else `today`
 * (the institution's today: the pages open on its day, not the device's).
 */
export function pageDate(param: string | null, today: string): string {
  const real = param && ISO_DAY.test(param) && dayjs(param).format('YYYY-MM-DD') === param;
  if (real && param >= CALENDAR_DATE_RANGE.min && param <= CALENDAR_DATE_RANGE.max) return param;
  return today;
}

/** The days the date pickers offer: the window the server accepts (CALENDAR_DATE_RANGE). */
export const CALENDAR_PICKER_RANGE = { minDate: CALENDAR_DATE_RANGE.min, maxDate: CALENDAR_DATE_RANGE.max };

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
