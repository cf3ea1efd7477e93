import { Alert, Button, Group, Modal, MultiSelect, Select, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { DATE_FORMAT } from '@portal/shared/time';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useBatchSubjectOptions, useChapterOptions, useCreateStudyPlan, useTopicOptions } from '../api';
import { CALENDAR_PICKER_RANGE, type StudyPlanFormValues, studyPlanBody } from '../validation';

interface Props {
  batchId: string;
  initialDate: string;
  /** Called after a plan was created, with the day it was created for. */
  onCreated: (date: string) => void;
  onClose: () => void;
}

/** The form inside the popup; mounted afresh each time the popup opens. */
function CreateStudyPlanForm({ batchId, initialDate, onCreated, onClose }: Props) {
  const [values, setValues] = useState<StudyPlanFormValues>({
    date: initialDate,
    batch_subject_id: null,
    chapter_id: null,
    topic_ids: [],
  });
  const [error, setError] = useFormError();
  const batchSubjects = useBatchSubjectOptions(batchId);
  const subjectId =
    batchSubjects.data?.find((item) => item._id === values.batch_subject_id)?.subject_id ?? null;
  const chapters = useChapterOptions(subjectId);
  const topics = useTopicOptions(values.chapter_id);
  const create = useCreateStudyPlan();

  // Any change to a field clears the shown error (management §4).
  const change = (patch: Partial<StudyPlanFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = studyPlanBody(values);
    if ('error' in body) return setError(body.error);
    try {
      await create.mutateAsync(body);
      notify.success(MESSAGES.studyPlanCreated);
      onCreated(body.date);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <DatePickerInput
          label={LABELS.studyPlanDateField}
          valueFormat={DATE_FORMAT}
          {...CALENDAR_PICKER_RANGE}
          value={values.date}
          onChange={(date) => change({ date })}
          withAsterisk
        />
        <Select
          label={LABELS.studyPlanSubject}
          placeholder={LABELS.studyPlanSelectSubject}
          data={(batchSubjects.data ?? []).map((item) => ({ value: item._id, label: item.subject_title }))}
          value={values.batch_subject_id}
          onChange={(id) => change({ batch_subject_id: id, chapter_id: null, topic_ids: [] })}
          disabled={batchSubjects.isPending}
          searchable
          withAsterisk
        />
        <Select
          label={LABELS.studyPlanChapter}
          placeholder={LABELS.studyPlanSelectChapter}
          data={(chapters.data ?? []).map((chapter) => ({ value: chapter._id, label: chapter.title }))}
          value={values.chapter_id}
          onChange={(id) => change({ chapter_id: id, topic_ids: [] })}
          disabled={!subjectId}
          searchable
        />
        <MultiSelect
          label={LABELS.studyPlanTopics}
          placeholder={values.topic_ids.length ? undefined : LABELS.studyPlanSelectTopics}
          data={(topics.data ?? []).map((topic) => ({ value: topic._id, label: topic.title }))}
          value={values.topic_ids}
          onChange={(ids) => change({ topic_ids: ids })}
          disabled={!values.chapter_id}
          searchable
          withAsterisk
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {LABELS.confirmCancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {LABELS.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The 'Create Study Plan' popup: date, subject, chapter and topics (management §2 "Study Plan"). */
export function CreateStudyPlanModal({ opened, ...props }: Props & { opened: boolean }) {
  return (
    <Modal opened={opened} onClose={props.onClose} title={LABELS.createStudyPlan} size="lg">
      {opened && <CreateStudyPlanForm {...props} />}
    </Modal>
  );
}
