import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { Institution } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { updateInstitutionBodySchema } from '@portal/shared/schemas/institutions';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useUpdateInstitution } from '../api';
import { checkForm, type FieldErrors } from '../validation';
import { FormError } from './FormError';

function EditInstitutionForm({ institution, onDone }: { institution: Institution; onDone: () => void }) {
  const [values, setValues] = useState({
    title: institution.title,
    sealtabs_institution_id: institution.sealtabs_institution_id ?? '',
    academic_year: institution.academic_year,
  });
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const update = useUpdateInstitution();

  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: fields[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setError(null);
      setFields({});
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkForm(updateInstitutionBodySchema, values);
    if (!check.ok) {
      setError(check.message);
      setFields(check.fields);
      return;
    }
    update.mutate(
      { id: institution._id, body: check.data },
      {
        onSuccess: () => {
          notify.success(MESSAGES.institutionEdited);
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={LABELS.fieldTitle} withAsterisk data-autofocus {...field('title')} />
        <TextInput label={LABELS.sealtabsInstitutionId} {...field('sealtabs_institution_id')} />
        <TextInput
          label={LABELS.academicYear}
          placeholder={LABELS.academicYearPlaceholder}
          withAsterisk
          {...field('academic_year')}
        />
        <FormError message={error} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            {LABELS.formCancel}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {LABELS.saveAction}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edit Institution popup: Title, 'SEALTABS Institution ID', Academic Year. */
export function EditInstitutionModal({
  institution,
  opened,
  onClose,
}: {
  institution: Institution | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened && institution !== null}
      onClose={onClose}
      title={LABELS.editInstitutionTitle}
      centered
    >
      {institution && <EditInstitutionForm institution={institution} onDone={onClose} />}
    </Modal>
  );
}
