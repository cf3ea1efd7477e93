import { Alert, Box, Button, Group, Paper, Stack } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useCreateSubject } from '../api';
import { BatchSelect } from '../components/BatchSelect';
import { SubjectFields } from '../components/SubjectFields';
import { subjectsPath } from '../links';
import { emptySubjectForm, type SubjectFormValues, subjectBody, subjectFormError } from '../validation';

/** /batch/subjects/create: the standalone Add Subject form, every field required (management §5). */
export function CreateSubjectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [batchId, setBatchId] = useState<string | null>(params.get('batch'));
  const [values, setValues] = useState<SubjectFormValues>(() => emptySubjectForm(null));
  const [error, setError] = useFormError();
  const create = useCreateSubject();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = subjectFormError(values, true) ?? (batchId ? null : MESSAGES.fillTheForm);
    if (invalid) return setError(invalid);
    setError(null);
    try {
      await create.mutateAsync({ batchId: batchId!, body: subjectBody(values) });
      notify.success(MESSAGES.subjectAdded);
      navigate(subjectsPath(batchId));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Box maw={720}>
      <PageBreadcrumb
        crumbs={[
          { label: LABELS.subjectsTitle, to: subjectsPath(batchId) },
          { label: LABELS.addSubjectTitle },
        ]}
      />
      <PageHeader title={LABELS.addSubjectTitle} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <BatchSelect
              value={batchId}
              onChange={(next) => {
                setBatchId(next);
                setError(null);
              }}
              withAsterisk
            />
            <SubjectFields
              values={values}
              onChange={(patch) => {
                setValues((current) => ({ ...current, ...patch }));
                setError(null);
              }}
              standalone
            />
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => navigate(subjectsPath(batchId))}
                disabled={create.isPending}
              >
                {LABELS.confirmCancel}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {LABELS.saveAction}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
