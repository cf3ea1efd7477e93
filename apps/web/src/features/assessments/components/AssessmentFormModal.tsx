import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/dates/styles.css';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import type { Assessment } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { earliestAssessmentStart } from '@portal/shared/schemas/assessments';
import { IconFileTypePdf, IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { TimeZoneNote } from '../../../components/TimeZoneNote';
import { FileUploader } from '../../../components/upload/FileUploader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useTimeZone } from '../../../lib/time-zone';
import { useFormError } from '../../../lib/use-form-error';
import { fileNameOf } from '../../topics/topic-form';
import { useCreateAssessment, useUpdateAssessment } from '../api';
import {
  type AssessmentFormValues,
  assessmentFormResult,
  assessmentFormValues,
  emptyAssessmentValues,
} from '../assessment-form';
import { nextQuarterHour, toPickerValue } from '../assessment-time';
import { PICKER_PROPS } from '../picker-props';
import { useAssessmentScope } from '../scope';

interface AssessmentFormProps {
  /** The assessment to edit, or null to add one. */
  assessment: Assessment | null;
  /** The page's batch filter, the new assessment's batch to begin with. */
  batchId: string | null;
  onClose: () => void;
}

const timeOf = (pickerValue: string) => dayjs(pickerValue).format('HH:mm');

/** The examination's settings (decisions 38 and 39): editable until a student starts. */
function SettingsFields({
  values,
  frozen,
  change,
}: {
  values: AssessmentFormValues;
  frozen: boolean;
  change: (patch: Partial<AssessmentFormValues>) => void;
}) {
  return (
    <Fieldset legend={LABELS.examSettingsHeading} variant="unstyled" disabled={frozen}>
      <Stack gap="sm">
        {frozen && (
          <Text size="sm" c="dimmed">
            {LABELS.examSettingsFrozenNote}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={LABELS.examFieldDuration}
            description={LABELS.examFieldDurationHint}
            inputMode="numeric"
            value={values.duration}
            onChange={(event) => change({ duration: event.currentTarget.value })}
          />
          <TextInput
            label={LABELS.examFieldDraw}
            description={LABELS.examFieldDrawHint}
            inputMode="numeric"
            value={values.draw}
            onChange={(event) => change({ draw: event.currentTarget.value })}
          />
        </SimpleGrid>
        <Group gap="lg">
          <Checkbox
            label={LABELS.examFieldShuffleQuestions}
            checked={values.shuffle_questions}
            onChange={(event) => change({ shuffle_questions: event.currentTarget.checked })}
          />
          <Checkbox
            label={LABELS.examFieldShuffleOptions}
            checked={values.shuffle_options}
            onChange={(event) => change({ shuffle_options: event.currentTarget.checked })}
          />
          <Checkbox
            label={LABELS.examFieldOneAtATime}
            checked={values.one_at_a_time}
            onChange={(event) => change({ one_at_a_time: event.currentTarget.checked })}
          />
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** The form inside the popup; mounted afresh each time the popup opens. */
function AssessmentForm({ assessment, batchId, onClose }: AssessmentFormProps) {
  const timeZone = useTimeZone();
  const [values, setValues] = useState<AssessmentFormValues>(() =>
    assessment ? assessmentFormValues(assessment, timeZone) : emptyAssessmentValues(batchId),
  );
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useFormError();
  const scope = useAssessmentScope(values.batch_id);
  const create = useCreateAssessment();
  const update = useUpdateAssessment();
  const saving = create.isPending || update.isPending;
  // The earliest start, fixed while the popup is open (the check on saving uses the clock then).
  const [earliest] = useState(() => toPickerValue(earliestAssessmentStart(new Date()), timeZone));
  const [firstFreeTime] = useState(() => timeOf(nextQuarterHour(new Date(), timeZone)));

  // Any change to a field clears the shown error (management §4).
  const change = (patch: Partial<AssessmentFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setError(null);
  };

  // A due date that no longer comes after the start is chosen again.
  const changeStart = (start: string | null) => {
    const dueStays = start && values.due && dayjs(values.due).isAfter(dayjs(start));
    change({ start, due: dueStays ? values.due : null });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = assessmentFormResult(values, new Date(), timeZone, assessment ?? undefined);
    if ('error' in result) return setError(result.error);
    try {
      if ('create' in result) {
        await create.mutateAsync(result.create);
        notify.success(MESSAGES.assessmentAdded);
      } else if (assessment) {
        await update.mutateAsync({ id: assessment._id, body: result.edit });
        notify.success(MESSAGES.assessmentEdited);
      }
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={LABELS.assessFieldTitle}
          value={values.title}
          onChange={(event) => change({ title: event.currentTarget.value })}
          withAsterisk
          data-autofocus
        />
        <Textarea
          label={LABELS.assessFieldDescription}
          value={values.description}
          onChange={(event) => change({ description: event.currentTarget.value })}
          autosize
          minRows={2}
          maxRows={6}
          withAsterisk
        />
        {assessment ? (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {assessment.batch_title} · {assessment.subject_title} ({assessment.subject_code})
            </Text>
            <Text size="xs" c="dimmed">
              {LABELS.assessBatchSubjectFixed}
            </Text>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={LABELS.assessFieldBatch}
              placeholder={LABELS.selectBatchPlaceholder}
              data={scope.batches}
              value={values.batch_id}
              onChange={(id) => change({ batch_id: id, batch_subject_id: null })}
              disabled={scope.batchesPending}
              allowDeselect={false}
              searchable
              withAsterisk
            />
            <Select
              label={LABELS.assessFieldSubject}
              placeholder={LABELS.selectSubjectPlaceholder}
              data={scope.subjects}
              value={values.batch_subject_id}
              onChange={(id) => change({ batch_subject_id: id })}
              disabled={!values.batch_id || scope.subjectsPending}
              allowDeselect={false}
              searchable
              withAsterisk
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateTimePicker
            {...PICKER_PROPS}
            label={LABELS.assessFieldStart}
            value={values.start}
            onChange={changeStart}
            minDate={earliest}
            defaultTimeValue={firstFreeTime}
          />
          <DateTimePicker
            {...PICKER_PROPS}
            label={LABELS.assessFieldDue}
            description={values.start ? undefined : LABELS.assessDueAfterStartHint}
            value={values.due}
            onChange={(due) => change({ due })}
            minDate={values.start ?? undefined}
            defaultTimeValue={values.start ? timeOf(values.start) : undefined}
            disabled={!values.start}
          />
        </SimpleGrid>
        <TimeZoneNote mt={-8} />
        <SettingsFields values={values} frozen={assessment?.settings_frozen ?? false} change={change} />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {LABELS.assessFieldPaper}
          </Text>
          {values.url ? (
            <Group gap="xs" wrap="nowrap">
              <IconFileTypePdf size={18} aria-hidden />
              <Anchor href={values.url} target="_blank" rel="noopener noreferrer" size="sm" truncate>
                {formatMessage(LABELS.assessPaperChosen, { name: fileNameOf(values.url) })}
              </Anchor>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                leftSection={<IconX size={14} />}
                onClick={() => change({ url: null })}
              >
                {LABELS.assessRemovePaper}
              </Button>
            </Group>
          ) : (
            <FileUploader
              label={LABELS.assessChoosePaper}
              accept=".pdf,application/pdf"
              leftSection={<IconFileTypePdf size={16} />}
              onBusyChange={setUploading}
              onUploaded={(file) => change({ url: file.publicUrl })}
            />
          )}
        </Stack>
        {error && (
          <Alert color="red" variant="light" role="alert" py="xs">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {LABELS.formCancel}
          </Button>
          <Button type="submit" loading={saving} disabled={uploading}>
            {LABELS.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The Add/Edit Assessment popup (issue 12; learning §5); full screen on a phone. */
export function AssessmentFormModal({ opened, ...props }: AssessmentFormProps & { opened: boolean }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={props.assessment ? LABELS.assessEditTitle : LABELS.assessAddTitle}
      size="lg"
      fullScreen={phone}
    >
      {opened && <AssessmentForm {...props} />}
    </Modal>
  );
}
