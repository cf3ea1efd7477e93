import { LABELS } from '@portal/shared/messages';
import { MINUTES_STEP, PICKER_FORMAT } from './assessment-time';

/** What the date-time pickers of the assessment screens share: the format, 15-minute steps in 12 hours, and named controls. */
export const PICKER_PROPS = {
  placeholder: LABELS.assessDateTimePlaceholder,
  valueFormat: PICKER_FORMAT,
  timePickerProps: {
    minutesStep: MINUTES_STEP,
    withDropdown: true,
    format: '12h' as const,
    hoursInputLabel: LABELS.assessHours,
    minutesInputLabel: LABELS.assessMinutes,
    amPmInputLabel: LABELS.assessAmPm,
  },
  submitButtonProps: { 'aria-label': LABELS.assessPickerDone },
  ariaLabels: { nextMonth: LABELS.assessNextMonth, previousMonth: LABELS.assessPreviousMonth },
  clearable: true,
  withAsterisk: true,
};
