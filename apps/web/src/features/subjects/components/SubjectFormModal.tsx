import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BatchSubject } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useCreateSubject, useUpdateBatchSubject } from '../api';
import { emptySubjectForm, type SubjectFormValues, subjectBody, subjectFormError } from '../validation';
import { SubjectFields } from './SubjectFields';

const fromBatchSubject = (subject: BatchSubject): SubjectFormValues => ({
  title: subject.subject_title,
  code: subject.subject_code,
  description: subject.subject_description,
  subject_logo: subject.subject_logo,
  subject_logo_url: subject.subject_logo_url ?? '',
});

interface SubjectFormProps {
  batchId: string;
  /** The batch subject to edit; a new subject is created in the batch without it. */
  editing: BatchSubject | null;
  onDone: () => void;
}

function SubjectForm({ batchId, editing, onDone }: SubjectFormProps) {
  const [values, setValues] = useState<SubjectFormValues>(() =>
    editing ? fromBatchSubject(editing) : emptySubjectForm('others'),
  );
  const [error, setError] = useFormError();
  const create = useCreateSubject();
  const update = useUpdateBatchSubject();
  const busy = create.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = subjectFormError(values, false);
    if (invalid) return setError(invalid);
    setError(null);
    try {
      if (editing) {
        await update.mutateAsync({ id: editing._id, body: subjectBody(values) });
        notify.success(MESSAGES.subjectEdited);
      } else {
        await create.mutateAsync({ batchId, body: subjectBody(values) });
        notify.success(MESSAGES.subjectAdded);
      }
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SubjectFields
          values={values}
          onChange={(patch) => {
            setValues((current) => ({ ...current, ...patch }));
            setError(null);
          }}
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

interface SubjectFormModalProps extends Omit<SubjectFormProps, 'onDone'> {
  opened: boolean;
  onClose: () => void;
}

/** The Create/Edit Subject popup (management §2 "Subjects"). */
export function SubjectFormModal({ opened, onClose, batchId, editing }: SubjectFormModalProps) {
  // The logo grid makes a long form: on phones it gets the whole screen.
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? LABELS.editSubjectTitle : LABELS.addSubjectTitle}
      size="lg"
      fullScreen={phone}
    >
      {/* Keyed so each opening starts from the subject's current values. */}
      <SubjectForm key={editing?._id ?? 'new'} batchId={batchId} editing={editing} onDone={onClose} />
    </Modal>
  );
}
