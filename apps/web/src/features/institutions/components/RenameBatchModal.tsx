import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { Batch } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { updateBatchBodySchema } from '@portal/shared/schemas/batches';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useRenameBatch } from '../api';
import { checkForm, type FieldErrors } from '../validation';
import { FormError } from './FormError';

function RenameBatchForm({ batch, onDone }: { batch: Batch; onDone: () => void }) {
  const [title, setTitle] = useState(batch.title);
  const [error, setError] = useFormError();
  const [fields, setFields] = useState<FieldErrors>({});
  const rename = useRenameBatch();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkForm(updateBatchBodySchema, { title });
    if (!check.ok) {
      setError(check.message);
      setFields(check.fields);
      return;
    }
    rename.mutate(
      { id: batch._id, title: check.data.title },
      {
        onSuccess: () => {
          notify.success(MESSAGES.batchEdited);
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={LABELS.fieldTitle}
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setError(null);
            setFields({});
          }}
          error={fields.title}
          withAsterisk
          data-autofocus
        />
        <FormError message={error} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={rename.isPending}>
            {LABELS.formCancel}
          </Button>
          <Button type="submit" loading={rename.isPending}>
            {LABELS.saveAction}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edit Batch popup: the title only (management §5). */
export function RenameBatchModal({
  batch,
  opened,
  onClose,
}: {
  batch: Batch | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened && batch !== null} onClose={onClose} title={LABELS.editBatchTitle} centered>
      {batch && <RenameBatchForm batch={batch} onDone={onClose} />}
    </Modal>
  );
}
