import '@mantine/core/styles/Combobox.css';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { FacultyDetail, Gender } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { ApiError, errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useFaculty, useUpdateFaculty } from '../api';
import { AvatarField } from '../components/AvatarField';
import { FacultyBatchSubjects } from '../components/FacultyBatchSubjects';
import { GENDER_OPTIONS } from '../components/gender-options';
import { type EditFacultyValues, editFacultyValues, validateEditFaculty } from '../validation';

/** /edit/faculty/{facultyId}: the member's details and the batch subjects they teach. */
export function EditFacultyPage() {
  const { facultyId = '' } = useParams();
  const faculty = useFaculty(facultyId);
  const navigate = useNavigate();

  let body: ReactNode;
  if (faculty.isPending) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label={LABELS.loading} />
      </Center>
    );
  } else if (faculty.isError) {
    body = <EmptyNote text={errorMessage(faculty.error)} />;
  } else if (faculty.data.archived) {
    body = (
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md" align="flex-start">
          <Text fw={500}>{MESSAGES.facultyArchived}</Text>
          <Button variant="default" onClick={() => navigate('/faculty/list')}>
            {LABELS.back}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="lg">
        <EditFacultyForm key={faculty.data._id} faculty={faculty.data} />
        <FacultyBatchSubjects faculty={faculty.data} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageBreadcrumb
        crumbs={[
          { label: LABELS.facultyListCrumb, to: '/faculty/list' },
          { label: faculty.data?.name ?? LABELS.editFacultyTitle },
        ]}
      />
      <Title order={1} size="h2">
        {LABELS.editFacultyTitle}
      </Title>
      {body}
    </Stack>
  );
}

function EditFacultyForm({ faculty }: { faculty: FacultyDetail }) {
  const [values, setValues] = useState<EditFacultyValues>(() => editFacultyValues(faculty));
  const [error, setError] = useFormError();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const update = useUpdateFaculty(faculty._id);

  const set = <K extends keyof EditFacultyValues>(key: K, value: EditFacultyValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setError(null);
    setFields({});
  };
  const text = (key: keyof EditFacultyValues) => ({
    value: (values[key] as string | null) ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      set(key, event.currentTarget.value as EditFacultyValues[typeof key]),
    error: fields[key],
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateEditFaculty(values);
    if (!result.body) {
      setError(result.error);
      setFields(result.fields);
      return;
    }
    update.mutate(result.body, {
      onSuccess: () => notify.success(MESSAGES.facultyEdited),
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
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {LABELS.userName}: <strong>{faculty.username}</strong>
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={LABELS.fieldFacultyName} {...text('name')} />
            <Select
              label={LABELS.fieldGender}
              data={GENDER_OPTIONS}
              value={values.gender}
              onChange={(next) => next && set('gender', next as Gender)}
              allowDeselect={false}
              error={fields.gender}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label={LABELS.fieldEmailComma}
              description={LABELS.commaSeparatedHint}
              {...text('email')}
            />
            <TextInput
              label={LABELS.fieldMobile}
              description={LABELS.commaSeparatedHint}
              {...text('mobile')}
            />
            <TextInput label={LABELS.fieldPrn} {...text('prn')} />
            <TextInput label={LABELS.fieldDesignation} {...text('designation')} />
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
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={uploading}>
              {LABELS.saveAction}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
