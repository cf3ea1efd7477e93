import '@mantine/core/styles/Combobox.css';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Gender, IssuedCredential } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError, errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { CredentialsModal } from '../../students/components/CredentialsModal';
import { useCreateFaculty } from '../api';
import { AvatarField } from '../components/AvatarField';
import { GENDER_OPTIONS } from '../components/gender-options';
import { type AddFacultyValues, emptyAddFaculty, validateAddFaculty } from '../validation';

/**
 * /create-faculty: the Add Faculty form. On success the generated password is shown once, then the
 * moderator goes on to Assign Faculty with the new member chosen.
 */
export function CreateFacultyPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<AddFacultyValues>(emptyAddFaculty);
  const [error, setError] = useFormError();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const [created, setCreated] = useState<IssuedCredential | null>(null);
  const create = useCreateFaculty();

  // Any change to a field clears the shown error (management §4).
  const set = <K extends keyof AddFacultyValues>(key: K, value: AddFacultyValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setError(null);
    setFields({});
  };
  const text = (key: keyof AddFacultyValues) => ({
    value: (values[key] as string | null) ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key, event.currentTarget.value),
    error: fields[key] === MESSAGES.fillTheForm ? true : fields[key],
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateAddFaculty(values);
    if (!result.body) {
      setError(result.error);
      setFields(result.fields);
      return;
    }
    create.mutate(result.body, {
      onSuccess: ({ credential }) => {
        notify.success(MESSAGES.facultyAdded);
        setCreated(credential);
      },
      onError: (failure) => {
        setError(errorMessage(failure));
        if (failure instanceof ApiError) {
          setFields(
            Object.fromEntries(
              Object.entries(failure.fields).map(([key, reason]) => [key.split('.')[0], reason]),
            ),
          );
        }
      },
    });
  }

  return (
    <>
      <PageBreadcrumb
        crumbs={[{ label: LABELS.facultyListCrumb, to: '/faculty/list' }, { label: LABELS.addFaculty }]}
      />
      <PageHeader title={LABELS.addFaculty} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={720}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={LABELS.fieldName} withAsterisk data-autofocus {...text('name')} />
              <Select
                label={LABELS.fieldGender}
                withAsterisk
                data={GENDER_OPTIONS}
                value={values.gender}
                onChange={(next) => set('gender', next as Gender | null)}
                error={fields.gender ? true : undefined}
                comboboxProps={{ withinPortal: true }}
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
              <TextInput label={LABELS.fieldDesignation} {...text('designation')} />
              <TextInput
                label={LABELS.fieldUsernameOptional}
                description={LABELS.usernameHint}
                autoComplete="off"
                {...text('username')}
              />
            </SimpleGrid>
            <AvatarField
              value={values.avatar}
              onChange={(url) => set('avatar', url)}
              onBusyChange={setUploading}
              error={fields.avatar}
            />
            {error && (
              <Alert color="red" variant="light" role="alert" py="xs">
                {error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => navigate('/faculty/list')} disabled={create.isPending}>
                {LABELS.formCancel}
              </Button>
              <Button type="submit" loading={create.isPending} disabled={uploading}>
                {LABELS.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <CredentialsModal
        credentials={created ? [created] : null}
        sheetTitle={LABELS.facultyCredentialsTitle}
        onClose={() => {
          const id = created?._id;
          setCreated(null);
          navigate(id ? `/assign/faculty?faculty=${id}` : '/assign/faculty');
        }}
      />
    </>
  );
}
