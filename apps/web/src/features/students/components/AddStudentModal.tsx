import '@mantine/core/styles/Combobox.css';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Gender, IssuedCredential, Student } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useRequiredAccount } from '../../../lib/session';
import { useFormError } from '../../../lib/use-form-error';
import { BatchSelect } from '../../subjects/components/BatchSelect';
import { useCreateStudent } from '../api';
import { type AddStudentValues, emptyAddStudent, validateAddStudent } from '../validation';
import { GENDER_OPTIONS } from './gender-options';

interface AddStudentModalProps {
  opened: boolean;
  /** The batch chosen on the list page, preselected. */
  batchId: string | null;
  onClose: () => void;
  /** The new student (their batch's list is shown next) and their generated password, to show once. */
  onCreated: (student: Student, credential: IssuedCredential) => void;
}

/** The Add Student popup (management §2, §5). */
export function AddStudentModal({ opened, batchId, onClose, onCreated }: AddStudentModalProps) {
  const account = useRequiredAccount();
  const fresh = () => emptyAddStudent(batchId, account.academic_year ?? '');
  const [values, setValues] = useState<AddStudentValues>(fresh);
  const [error, setError] = useFormError();
  const [fields, setFields] = useState<Record<string, string>>({});
  const create = useCreateStudent();

  // Any change to a field clears the shown error (management §4).
  const set = <K extends keyof AddStudentValues>(key: K, value: AddStudentValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setError(null);
    setFields({});
  };
  const text = (key: keyof AddStudentValues) => ({
    value: (values[key] as string | null) ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key, event.currentTarget.value),
    error: fields[key],
  });

  const close = () => {
    setValues(fresh());
    setError(null);
    setFields({});
    onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateAddStudent(values);
    if (!result.body) {
      setError(result.error);
      setFields(result.fields);
      return;
    }
    create.mutate(result.body, {
      onSuccess: ({ student, credential }) => {
        notify.success(MESSAGES.studentAdded);
        close();
        onCreated(student, credential);
      },
      onError: (failure) => {
        // A taken username or a field the server refused says why; anything else is the spec's text.
        const known = failure instanceof ApiError && (failure.status === 409 || failure.status === 400);
        setError(known ? failure.message : MESSAGES.addStudentFailed);
        if (failure instanceof ApiError) setFields(failure.fields);
      },
    });
  }

  return (
    <Modal opened={opened} onClose={close} title={LABELS.addStudentTitle} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <BatchSelect value={values.batch_id} onChange={(next) => set('batch_id', next)} withAsterisk />
          <TextInput label={LABELS.fieldName} withAsterisk {...text('name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={LABELS.fieldGender}
              withAsterisk
              data={GENDER_OPTIONS}
              value={values.gender}
              onChange={(next) => set('gender', next as Gender | null)}
              error={fields.gender}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label={LABELS.fieldDateOfBirth}
              placeholder={LABELS.dateOfBirthPlaceholder}
              withAsterisk
              inputMode="numeric"
              {...text('date_of_birth')}
            />
            <TextInput
              label={LABELS.fieldMobile}
              withAsterisk
              type="tel"
              description={LABELS.commaSeparatedHint}
              {...text('mobile')}
            />
            <TextInput
              label={LABELS.fieldEmail}
              type="email"
              description={LABELS.commaSeparatedHint}
              {...text('email')}
            />
            <TextInput label={LABELS.fieldPrn} {...text('prn')} />
            <TextInput label={LABELS.fieldAdmissionYear} readOnly value={values.admission_year} />
            <TextInput label={LABELS.fieldFatherName} {...text('father_name')} />
            <TextInput label={LABELS.fieldMotherName} {...text('mother_name')} />
            <TextInput label={LABELS.fieldGuardianName} {...text('guardian_name')} />
            <TextInput
              label={LABELS.fieldUsernameOptional}
              description={LABELS.usernameHint}
              autoComplete="off"
              {...text('username')}
            />
          </SimpleGrid>
          {error && (
            <Alert color="red" variant="light" role="alert" py="xs">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {LABELS.formCancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {LABELS.saveAction}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
