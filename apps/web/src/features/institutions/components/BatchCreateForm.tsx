import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { Batch } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { createBatchBodySchema } from '@portal/shared/schemas/batches';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useRequiredAccount } from '../../../lib/session';
import { useFormError } from '../../../lib/use-form-error';
import { useCreateBatch } from '../api';
import { checkForm, type FieldErrors } from '../validation';
import { FormError } from './FormError';

/** Add Batch: title and academic year (YYYY-YY), else 'Please fill the form' (management §5). */
export function BatchCreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (batch: Batch) => void;
  onCancel?: () => void;
}) {
  const account = useRequiredAccount();
  const [title, setTitle] = useState('');
  // Most batches belong to the institution's current year.
  const [academicYear, setAcademicYear] = useState(account.academic_year ?? '');
  const [error, setError] = useFormError();
  const [fields, setFields] = useState<FieldErrors>({});
  const create = useCreateBatch();

  const edited = (setter: (value: string) => void) => (event: { currentTarget: { value: string } }) => {
    setter(event.currentTarget.value);
    setError(null);
    setFields({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkForm(createBatchBodySchema, { title, academic_year: academicYear });
    if (!check.ok) {
      setError(check.message);
      setFields(check.fields);
      return;
    }
    create.mutate(
      { title: check.data.title, academic_year: check.data.academic_year },
      {
        onSuccess: ({ batch }) => {
          notify.success(MESSAGES.batchCreated);
          onCreated(batch);
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
          onChange={edited(setTitle)}
          error={fields.title}
          withAsterisk
          data-autofocus
        />
        <TextInput
          label={LABELS.academicYear}
          placeholder={LABELS.academicYearPlaceholder}
          value={academicYear}
          onChange={edited(setAcademicYear)}
          error={fields.academic_year}
          withAsterisk
        />
        <FormError message={error} />
        <Group justify="flex-end" gap="sm" mt="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={create.isPending}>
              {LABELS.formCancel}
            </Button>
          )}
          <Button type="submit" loading={create.isPending}>
            {LABELS.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
