import '@mantine/core/styles/Combobox.css';
import '@mantine/dates/styles.css';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { LABELS } from '@portal/shared/messages';
import {
  earliestSessionStart,
  LIVE_SESSION_TIME_STEP_MINUTES,
  ONLINE_SESSION_TIME_STEP_MINUTES,
  SESSION_TITLE_MAX,
} from '@portal/shared/schemas/online-sessions';
import { useState } from 'react';
import { TimeZoneNote } from '../../../components/TimeZoneNote';
import { useTimeZone } from '../../../lib/time-zone';
import { PICKER_FORMAT, toPickerValue } from '../../assessments/assessment-time';
import { useTaughtScope } from '../scope';
import type { SessionFormValues, SessionKind } from '../session-form';
import { withStart } from '../session-form';

interface SessionFieldsProps {
  kind: SessionKind;
  values: SessionFormValues;
  onChange: (values: SessionFormValues) => void;
}

/**
 * Title, batch, subject (the batch subjects the faculty member teaches), start and end. The
 * pickers move in 30-minute steps for a live session and 15 for a custom one (learning §9); the
 * start is not offered before now, and a new start moves the end (learning §5). Times are picked
 * in the institution's zone (decision 37).
 */
export function SessionFields({ kind, values, onChange }: SessionFieldsProps) {
  const scope = useTaughtScope(values.batch_id);
  const timeZone = useTimeZone();
  const [earliest] = useState(() => toPickerValue(earliestSessionStart(new Date()), timeZone));
  const step = kind === 'live' ? LIVE_SESSION_TIME_STEP_MINUTES : ONLINE_SESSION_TIME_STEP_MINUTES;
  const picker = {
    placeholder: LABELS.assessDateTimePlaceholder,
    valueFormat: PICKER_FORMAT,
    timePickerProps: {
      minutesStep: step,
      withDropdown: true,
      format: '12h' as const,
      hoursInputLabel: LABELS.assessHours,
      minutesInputLabel: LABELS.assessMinutes,
      amPmInputLabel: LABELS.assessAmPm,
    },
    submitButtonProps: { 'aria-label': LABELS.assessPickerDone },
    ariaLabels: { nextMonth: LABELS.assessNextMonth, previousMonth: LABELS.assessPreviousMonth },
    withAsterisk: true,
    minDate: earliest,
  };
  return (
    <Stack gap="md">
      <TextInput
        label={LABELS.sessionFieldTitle}
        value={values.title}
        onChange={(event) => onChange({ ...values, title: event.currentTarget.value })}
        maxLength={SESSION_TITLE_MAX}
        withAsterisk
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={LABELS.sessionFieldBatch}
          placeholder={LABELS.selectBatchPlaceholder}
          data={scope.batches}
          value={values.batch_id}
          onChange={(id) => onChange({ ...values, batch_id: id, batch_subject_id: null })}
          disabled={scope.pending}
          allowDeselect={false}
          searchable
          withAsterisk
        />
        <Select
          label={LABELS.sessionFieldSubject}
          placeholder={LABELS.selectSubjectPlaceholder}
          data={values.batch_id ? scope.subjects : []}
          value={values.batch_subject_id}
          onChange={(id) => onChange({ ...values, batch_subject_id: id })}
          disabled={!values.batch_id || scope.pending}
          allowDeselect={false}
          searchable
          withAsterisk
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateTimePicker
          {...picker}
          label={LABELS.sessionFieldStart}
          value={values.start}
          onChange={(start) => onChange(withStart(values, start, timeZone))}
        />
        <DateTimePicker
          {...picker}
          label={LABELS.sessionFieldEnd}
          value={values.end}
          onChange={(end) => onChange({ ...values, end })}
          minDate={values.start ?? earliest}
        />
      </SimpleGrid>
      <TimeZoneNote mt={-8} />
    </Stack>
  );
}
