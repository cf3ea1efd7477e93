import '@mantine/core/styles/Combobox.css';
import { Alert, Button, Group, Paper, Select, Stack } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useBatchSubjects } from '../../subjects/api';
import { BatchSelect } from '../../subjects/components/BatchSelect';
import { useActiveFaculty, useAssignFaculty } from '../api';
import { validateAssignFaculty } from '../validation';

/**
 * /assign/faculty: faculty, batch and subject (a batch subject of that batch), all required. The
 * choices live in the URL (`faculty`, `batch`, `subject`), so Add Faculty can hand over its member.
 */
export function AssignFacultyPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const facultyId = params.get('faculty');
  const batchId = params.get('batch');
  const batchSubjectId = params.get('subject');
  const faculty = useActiveFaculty();
  const subjects = useBatchSubjects(batchId);
  const assign = useAssignFaculty();
  const [error, setError] = useFormError();
  const [fields, setFields] = useState<Record<string, string>>({});

  const choose = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
    setError(null);
    setFields({});
  };

  const facultyOptions = (faculty.data ?? []).map((member) => ({
    value: member._id,
    label: member.designation ? `${member.name} (${member.designation})` : member.name,
  }));
  const subjectOptions = (subjects.data ?? []).map((subject) => ({
    value: subject._id,
    label: subject.subject_title,
  }));
  // Ids from the URL that are not (or no longer) offered show as unselected.
  const knownFaculty = facultyOptions.some((option) => option.value === facultyId) ? facultyId : null;
  const knownSubject = subjectOptions.some((option) => option.value === batchSubjectId)
    ? batchSubjectId
    : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateAssignFaculty({
      facultyId: knownFaculty,
      batchId,
      batchSubjectId: knownSubject,
    });
    if (!result.body) {
      setError(result.error);
      setFields(result.fields);
      return;
    }
    assign.mutate(
      { batchSubjectId: result.body.batchSubjectId, facultyIds: [result.body.facultyId] },
      {
        onSuccess: () => {
          notify.success(MESSAGES.facultyAssigned);
          navigate('/dashboard');
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  }

  const chosenSubject = subjects.data?.find((subject) => subject._id === knownSubject);

  return (
    <>
      <PageBreadcrumb
        crumbs={[{ label: LABELS.facultyListCrumb, to: '/faculty/list' }, { label: LABELS.assignFaculty }]}
      />
      <PageHeader title={LABELS.assignFaculty} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={560}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Select
              label={LABELS.fieldFaculty}
              placeholder={LABELS.selectFacultyPlaceholder}
              data={facultyOptions}
              value={knownFaculty}
              onChange={(next) => choose({ faculty: next })}
              searchable
              withAsterisk
              disabled={faculty.isPending}
              nothingFoundMessage={MESSAGES.noFaculties}
              error={fields.faculty ? true : undefined}
              comboboxProps={{ withinPortal: true }}
            />
            <BatchSelect
              value={batchId}
              onChange={(next) => choose({ batch: next, subject: null })}
              withAsterisk
            />
            <Select
              label={LABELS.fieldSubject}
              placeholder={LABELS.selectSubjectPlaceholder}
              data={subjectOptions}
              value={knownSubject}
              onChange={(next) => choose({ subject: next })}
              searchable
              withAsterisk
              disabled={!batchId || subjects.isPending}
              nothingFoundMessage={MESSAGES.noSubjectsAvailable}
              error={fields.subject ? true : undefined}
              description={
                chosenSubject && chosenSubject.faculties.length > 0
                  ? `${LABELS.teacherCount}: ${chosenSubject.faculties.map((member) => member.name).join(', ')}`
                  : undefined
              }
              comboboxProps={{ withinPortal: true }}
            />
            {batchId && subjects.data?.length === 0 && (
              <Alert color="gray" variant="light" py="xs">
                {MESSAGES.noSubjectsAvailable}
              </Alert>
            )}
            {error && (
              <Alert color="red" variant="light" role="alert" py="xs">
                {error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => navigate('/dashboard')} disabled={assign.isPending}>
                {LABELS.formCancel}
              </Button>
              <Button type="submit" loading={assign.isPending}>
                {LABELS.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
