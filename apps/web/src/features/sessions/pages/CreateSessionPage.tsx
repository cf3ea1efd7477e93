import { Alert, Button, Group, Modal, Paper, Stack, Table } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError, errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useTimeZone } from '../../../lib/time-zone';
import { useFormError } from '../../../lib/use-form-error';
import { useCreateCustomSession, useCreateSession } from '../api';
import { SessionFields } from '../components/SessionFields';
import { StudentPicker } from '../components/StudentPicker';
import { FACULTY_SESSIONS_PATH } from '../links';
import { useTaughtScope } from '../scope';
import {
  customDetailsResult,
  customSessionResult,
  emptySessionValues,
  liveSessionResult,
  type SessionFormValues,
} from '../session-form';

/** A refusal of what was sent says why; anything else is the spec's failure text. */
const createFailure = (failure: unknown) =>
  failure instanceof ApiError && failure.status >= 400 && failure.status < 500
    ? errorMessage(failure)
    : MESSAGES.liveSessionCreateFailed;

function FormAlert({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" py="xs">
      {error}
    </Alert>
  );
}

/** A live session of one batch subject: success goes back to the session list. */
function LiveSessionForm() {
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const [values, setValues] = useState<SessionFormValues>(() => emptySessionValues(new Date(), timeZone));
  const [error, setError] = useFormError();
  const create = useCreateSession();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = liveSessionResult(values, new Date(), timeZone);
    if ('error' in result) return setError(result.error);
    try {
      await create.mutateAsync(result.body);
      notify.success(MESSAGES.sessionAdded);
      navigate(FACULTY_SESSIONS_PATH);
    } catch (failure) {
      setError(createFailure(failure));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SessionFields
          kind="live"
          values={values}
          onChange={(next) => {
            setValues(next);
            setError(null);
          }}
        />
        <FormAlert error={error} />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => navigate(FACULTY_SESSIONS_PATH)}
            disabled={create.isPending}
          >
            {LABELS.formCancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {LABELS.sessionCreate}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A custom session (learning §2, §4): its details, then the students to invite, then the "Custom
 * Session Details" confirmation and Submit; afterwards the form and the selection are cleared.
 */
function CustomSessionForm() {
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const [values, setValues] = useState<SessionFormValues>(() => emptySessionValues(new Date(), timeZone));
  const [step, setStep] = useState<'details' | 'students'>('details');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useFormError();
  const create = useCreateCustomSession();
  const scope = useTaughtScope(values.batch_id);
  const subject = scope.all.find((candidate) => candidate._id === values.batch_subject_id);

  const toStudents = (event: FormEvent) => {
    event.preventDefault();
    const result = customDetailsResult(values, new Date(), timeZone);
    if ('error' in result) return setError(result.error);
    setStep('students');
  };

  const toConfirm = () => {
    const result = customSessionResult(values, [...selected], new Date(), timeZone);
    if ('error' in result) return setError(result.error);
    setConfirming(true);
  };

  const submit = async () => {
    const result = customSessionResult(values, [...selected], new Date(), timeZone);
    if ('error' in result) {
      setConfirming(false);
      return setError(result.error);
    }
    try {
      await create.mutateAsync(result.body);
      notify.success(MESSAGES.sessionAdded);
      setConfirming(false);
      setValues(emptySessionValues(new Date(), timeZone));
      setSelected(new Set());
      setStep('details');
    } catch (failure) {
      setConfirming(false);
      setError(createFailure(failure));
    }
  };

  if (step === 'details') {
    return (
      <form onSubmit={toStudents} noValidate>
        <Stack gap="md">
          <SessionFields
            kind="custom"
            values={values}
            onChange={(next) => {
              setValues(next);
              setSelected(next.batch_subject_id === values.batch_subject_id ? selected : new Set());
              setError(null);
            }}
          />
          <FormAlert error={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => navigate(FACULTY_SESSIONS_PATH)}>
              {LABELS.formCancel}
            </Button>
            <Button type="submit">{LABELS.sessionNext}</Button>
          </Group>
        </Stack>
      </form>
    );
  }

  const details: [string, string][] = [
    [LABELS.sessionFieldTitle, values.title.trim()],
    [LABELS.sessionFieldBatch, subject?.batch_title ?? ''],
    [LABELS.sessionFieldSubject, subject ? `${subject.subject_title} (${subject.subject_code})` : ''],
    [LABELS.sessionTotalStudents, String(selected.size)],
  ];
  return (
    <Stack gap="md">
      <StudentPicker
        batchId={values.batch_id!}
        subject={subject}
        selected={selected}
        onChange={(next) => {
          setSelected(next);
          setError(null);
        }}
      />
      <FormAlert error={error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => setStep('details')}>
          {LABELS.sessionBack}
        </Button>
        <Button onClick={toConfirm}>{LABELS.sessionNext}</Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={LABELS.customSessionDetails}
        centered
      >
        <Stack gap="md">
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              {details.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={140} fw={500} c="dimmed">
                    {label}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={create.isPending}>
              {LABELS.formCancel}
            </Button>
            <Button onClick={submit} loading={create.isPending}>
              {LABELS.sessionSubmit}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** /me/session/create: a live session, or with `?type=custom` a custom one (faculty). */
export function CreateSessionPage() {
  const [params] = useSearchParams();
  const custom = params.get('type') === 'custom';
  const title = custom ? LABELS.createCustomSessionTitle : LABELS.createLiveSessionTitle;
  return (
    <>
      <PageBreadcrumb
        crumbs={[{ label: LABELS.sessionsTitle, to: FACULTY_SESSIONS_PATH }, { label: title }]}
      />
      <PageHeader title={title} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={900}>
        {custom ? <CustomSessionForm key="custom" /> : <LiveSessionForm key="live" />}
      </Paper>
    </>
  );
}
