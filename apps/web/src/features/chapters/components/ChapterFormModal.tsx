import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { Chapter } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useCreateChapter, useUpdateChapter } from '../api';
import { type ChapterFormValues, chapterFormError, chapterFormValues } from '../validation';
import { ChapterFields } from './ChapterFields';

interface ChapterFormProps {
  editing: Chapter | null;
  /** The subject chosen on the page (a subject id), preselected for a new chapter. */
  subjectId: string | null;
  subjects: { value: string; label: string }[];
  onDone: () => void;
}

function ChapterForm({ editing, subjectId, subjects, onDone }: ChapterFormProps) {
  const [values, setValues] = useState<ChapterFormValues>(() => chapterFormValues(editing, subjectId));
  const [error, setError] = useFormError();
  const create = useCreateChapter();
  const update = useUpdateChapter();
  const busy = create.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = chapterFormError(values, false);
    if (invalid) return setError(invalid);
    setError(null);
    const fields = {
      title: values.title.trim(),
      description: values.description.trim(),
      visibility: values.visibility,
    };
    try {
      if (editing) {
        await update.mutateAsync({ id: editing._id, body: fields });
        notify.success(MESSAGES.chapterEdited);
      } else {
        await create.mutateAsync({ ...fields, subject_id: values.subject_id! });
        notify.success(MESSAGES.chapterAdded);
      }
      onDone();
    } catch {
      setError(MESSAGES.chaptersError);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ChapterFields
          values={values}
          onChange={(patch) => {
            setValues((current) => ({ ...current, ...patch }));
            setError(null);
          }}
          subjects={subjects}
          subjectLocked={Boolean(editing)}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={busy}>
            {LABELS.confirmCancel}
          </Button>
          <Button type="submit" loading={busy}>
            {LABELS.saveAction}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ChapterFormModalProps extends Omit<ChapterFormProps, 'onDone'> {
  opened: boolean;
  onClose: () => void;
}

/** The Create/Edit Chapter popup (management §2 "Chapters"). */
export function ChapterFormModal({ opened, onClose, ...form }: ChapterFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={form.editing ? LABELS.editChapterTitle : LABELS.addChapterTitle}
    >
      <ChapterForm key={form.editing?._id ?? 'new'} {...form} onDone={onClose} />
    </Modal>
  );
}
