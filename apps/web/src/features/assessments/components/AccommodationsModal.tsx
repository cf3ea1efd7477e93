import '@mantine/core/styles/Combobox.css';
import '@mantine/dates/styles.css';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import type { Accommodation, Assessment } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useDateTimeText, useTimeZone } from '../../../lib/time-zone';
import { useFormError } from '../../../lib/use-form-error';
import {
  type AccommodationFormValues,
  accommodationResult,
  accommodationValues,
  emptyAccommodation,
} from '../accommodation-form';
import { useAccommodations, useRemoveAccommodation, useSaveAccommodation } from '../api';
import { toPickerValue } from '../assessment-time';
import { PICKER_PROPS } from '../picker-props';

/** One student's accommodation: what they were given, and Change / Remove. */
function AccommodationRow(props: {
  accommodation: Accommodation;
  onEdit: () => void;
  onRemove: () => void;
  busy: boolean;
}) {
  const { accommodation, onEdit, onRemove, busy } = props;
  const dateTimeText = useDateTimeText();
  const name = accommodation.student_name;
  return (
    <Paper withBorder radius="sm" p="xs" component="li" aria-label={name}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={4} miw={0}>
          <Text fw={600} size="sm" truncate>
            {name}
          </Text>
          <Group gap={6} wrap="wrap">
            {accommodation.extra_minutes > 0 && (
              <Badge variant="light" radius="sm">
                {formatMessage(LABELS.accommodationMinutesText, { n: String(accommodation.extra_minutes) })}
              </Badge>
            )}
            {accommodation.extra_percent !== null && (
              <Badge variant="light" radius="sm">
                {formatMessage(LABELS.accommodationPercentText, { n: String(accommodation.extra_percent) })}
              </Badge>
            )}
            {accommodation.due_date && (
              <Badge variant="light" color="orange" radius="sm">
                {formatMessage(LABELS.accommodationDueText, { due: dateTimeText(accommodation.due_date) })}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={formatMessage(LABELS.accommodationEdit, { name })}
            onClick={onEdit}
          >
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={formatMessage(LABELS.accommodationRemove, { name })}
            onClick={onRemove}
            loading={busy}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

/** The list and the form, once the list is loaded. */
function Accommodations({ assessment }: { assessment: Assessment }) {
  const timeZone = useTimeZone();
  const list = useAccommodations(assessment._id);
  const save = useSaveAccommodation(assessment._id);
  const remove = useRemoveAccommodation(assessment._id);
  const [values, setValues] = useState<AccommodationFormValues>(emptyAccommodation);
  const [error, setError] = useFormError();
  if (list.isPending) return <Loading />;
  if (list.isError)
    return <LoadFailed message={errorMessage(list.error)} retry={() => void list.refetch()} />;
  const { accommodations, students } = list.data;
  const chosen = students.find((student) => student._id === values.studentId);
  const change = (patch: Partial<AccommodationFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = accommodationResult(values, timeZone);
    if ('error' in result) return setError(result.error);
    try {
      await save.mutateAsync(result);
      notify.success(LABELS.accommodationSaved);
      setValues(emptyAccommodation);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const removeOf = async (studentId: string) => {
    try {
      await remove.mutateAsync(studentId);
      notify.success(LABELS.accommodationRemoved);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {LABELS.accommodationsNote}
      </Text>
      {accommodations.length === 0 ? (
        <Text size="sm">{LABELS.accommodationsNone}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {accommodations.map((accommodation) => (
            <AccommodationRow
              key={accommodation.student_id}
              accommodation={accommodation}
              busy={remove.isPending && remove.variables === accommodation.student_id}
              onEdit={() => setValues(accommodationValues(accommodation, timeZone))}
              onRemove={() => void removeOf(accommodation.student_id)}
            />
          ))}
        </Stack>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={LABELS.accommodationStudent}
            data={students.map((student) => ({ value: student._id, label: student.name }))}
            value={values.studentId}
            onChange={(studentId) => change({ studentId })}
            searchable
            withAsterisk
            description={
              chosen
                ? formatMessage(LABELS.accommodationStanding, { percent: String(chosen.extra_time_percent) })
                : undefined
            }
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={LABELS.accommodationExtraMinutes}
              inputMode="numeric"
              value={values.minutes}
              onChange={(event) => change({ minutes: event.currentTarget.value })}
            />
            <TextInput
              label={LABELS.accommodationExtraPercent}
              description={formatMessage(LABELS.accommodationExtraPercentHint, {
                percent: String(chosen?.extra_time_percent ?? 0),
              })}
              inputMode="decimal"
              value={values.percent}
              onChange={(event) => change({ percent: event.currentTarget.value })}
            />
          </SimpleGrid>
          <DateTimePicker
            {...PICKER_PROPS}
            withAsterisk={false}
            label={LABELS.accommodationLaterDue}
            value={values.due}
            onChange={(due) => change({ due })}
            minDate={toPickerValue(assessment.due_date, timeZone)}
          />
          {error && (
            <Alert color="red" variant="light" role="alert" py="xs">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {LABELS.accommodationSave}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/**
 * Extra time and later due dates of one examination (decision 38), from the assessment card's
 * menu: staff only; full screen on a phone.
 */
export function AccommodationsModal({
  assessment,
  onClose,
}: {
  assessment: Assessment | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={assessment !== null}
      onClose={onClose}
      title={assessment ? formatMessage(LABELS.accommodationsTitle, { title: assessment.title }) : ''}
      size="lg"
      fullScreen={phone}
    >
      {assessment && <Accommodations assessment={assessment} />}
    </Modal>
  );
}
