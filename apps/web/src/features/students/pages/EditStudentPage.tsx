import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Gender, Student } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { ApiError, errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { BatchSelect } from '../../subjects/components/BatchSelect';
import { useMoveStudent, useStudent, useUpdateStudent } from '../api';
import { GENDER_OPTIONS } from '../components/gender-options';
import { type EditStudentValues, editStudentValues, validateEditStudent } from '../validation';

const listPath = (student: Student) =>
  student.batch ? `/student/list?batch=${student.batch._id}` : '/student/list';

/** /edit/student/{studentId}: every field of the student, and moving them to another batch. */
export function EditStudentPage() {
  const { studentId = '' } = useParams();
  const student = useStudent(studentId);
  const navigate = useNavigate();

  let body: ReactNode;
  if (student.isPending) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label={LABELS.loading} />
      </Center>
    );
  } else if (student.isError) {
    body = <EmptyNote text={errorMessage(student.error)} />;
  } else if (student.data.archived) {
    body = (
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md" align="flex-start">
          <Text fw={500}>{MESSAGES.studentArchived}</Text>
          <Button variant="default" onClick={() => navigate(listPath(student.data))}>
            {LABELS.back}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="lg">
        <EditStudentForm key={student.data._id} student={student.data} />
        <MoveStudentForm student={student.data} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageBreadcrumb
        crumbs={[
          { label: LABELS.studentListCrumb, to: student.data ? listPath(student.data) : '/student/list' },
          { label: student.data?.name ?? LABELS.editStudentTitle },
        ]}
      />
      <Title order={1} size="h2">
        {LABELS.editStudentTitle}
      </Title>
      {body}
    </Stack>
  );
}

function EditStudentForm({ student }: { student: Student }) {
  const [values, setValues] = useState<EditStudentValues>(() => editStudentValues(student));
  const [error, setError] = useFormError();
  const [fields, setFields] = useState<Record<string, string>>({});
  const update = useUpdateStudent(student._id);

  const set = <K extends keyof EditStudentValues>(key: K, value: EditStudentValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setError(null);
    setFields({});
  };
  const text = (key: keyof EditStudentValues) => ({
    value: values[key] as string,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      set(key, event.currentTarget.value as EditStudentValues[typeof key]),
    error: fields[key],
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateEditStudent(values);
    if (!result.body) {
      setError(result.error);
      setFields(result.fields);
      return;
    }
    update.mutate(result.body, {
      onSuccess: () => notify.success(MESSAGES.studentEdited),
      onError: (failure) => {
        setError(errorMessage(failure));
        if (failure instanceof ApiError) {
          // "email.1" → the e-mail field.
          setFields(
            Object.fromEntries(
              Object.entries(failure.fields).map(([key, text]) => [key.split('.')[0], text]),
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
            {LABELS.userName}: <strong>{student.username}</strong>
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={LABELS.fieldName} {...text('name')} />
            <Select
              label={LABELS.fieldGender}
              data={GENDER_OPTIONS}
              value={values.gender}
              onChange={(next) => next && set('gender', next as Gender)}
              allowDeselect={false}
              error={fields.gender}
            />
            <TextInput label={LABELS.fieldMotherName} {...text('mother_name')} />
            <TextInput label={LABELS.fieldFatherName} {...text('father_name')} />
            <TextInput label={LABELS.fieldGuardianName} {...text('guardian_name')} />
            <TextInput
              label={LABELS.fieldDateOfBirth}
              placeholder={LABELS.dateOfBirthPlaceholder}
              inputMode="numeric"
              {...text('date_of_birth')}
            />
            <TextInput label={LABELS.fieldAdmissionYear} {...text('admission_year')} />
            <TextInput label={LABELS.fieldPrn} {...text('prn')} />
            <TextInput label={LABELS.fieldEmail} description={LABELS.commaSeparatedHint} {...text('email')} />
            <TextInput
              label={LABELS.fieldMobile}
              description={LABELS.commaSeparatedHint}
              {...text('mobile')}
            />
          </SimpleGrid>
          <Radio.Group
            label={LABELS.allowUploadAssessment}
            value={values.allowUpload}
            onChange={(next) => set('allowUpload', next as 'yes' | 'no')}
          >
            <Group gap="lg" mt={6}>
              <Radio value="yes" label={LABELS.yes} />
              <Radio value="no" label={LABELS.no} />
            </Group>
          </Radio.Group>
          <TextInput
            label={LABELS.studentExtraTime}
            description={LABELS.studentExtraTimeHint}
            inputMode="decimal"
            maw={{ sm: 320 }}
            {...text('extra_time_percent')}
          />
          {error && (
            <Alert color="red" variant="light" role="alert" py="xs">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {LABELS.saveAction}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Moves the student to another batch (PATCH /api/batches/student), enrolments included. */
function MoveStudentForm({ student }: { student: Student }) {
  const [target, setTarget] = useState<string | null>(student.batch?._id ?? null);
  const move = useMoveStudent();
  const unchanged = !target || target === student.batch?._id;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {LABELS.moveToBatch}
        </Title>
        <Group align="flex-end" gap="sm">
          <Box miw={240} style={{ flex: 1, maxWidth: 360 }}>
            <BatchSelect value={target} onChange={setTarget} />
          </Box>
          <Button
            variant="light"
            disabled={unchanged}
            loading={move.isPending}
            onClick={() =>
              target &&
              move.mutate(
                { student_id: student._id, old_batch: student.batch?._id ?? null, new_batch: target },
                {
                  onSuccess: (moved) =>
                    notify.success(formatMessage(MESSAGES.studentMoved, { batch: moved.batch?.title ?? '' })),
                  onError: (failure) => notify.error(errorMessage(failure)),
                },
              )
            }
          >
            {LABELS.moveAction}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
