import '@mantine/core/styles/Combobox.css';
import { Button, Group, Select } from '@mantine/core';
import type { OnlineSession } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconPlus, IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { usePatchSearchParams } from '../../../lib/search-params';
import { ConfirmDialog } from '../../institutions/components/ConfirmDialog';
import { useDeleteSession } from '../api';
import { SessionCard } from '../components/SessionCard';
import { SessionTabs } from '../components/SessionTabs';
import { createSessionPath } from '../links';
import { useTaughtScope } from '../scope';
import { tabOf, useSessionTab } from '../use-session-tab';

const ALL = 'all';

/**
 * /me/faculty/sessions: the faculty member's own sessions in the Upcoming and Previous tabs with
 * their counts, filtered by batch and subject (all three in the address), CREATE LIVE SESSION and
 * CREATE CUSTOM SESSION, and Delete before a session's end.
 */
export function FacultySessionsPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const when = tabOf(params.get('tab'));
  const scope = useTaughtScope(params.get('batch'));
  const batchId = scope.batches.some((batch) => batch.value === params.get('batch'))
    ? params.get('batch')
    : null;
  const subjectId = scope.subjects.some((subject) => subject.value === params.get('subject'))
    ? params.get('subject')
    : null;
  const tab = useSessionTab({
    when,
    batch_id: batchId ?? undefined,
    batch_subject_id: subjectId ?? undefined,
  });
  const [deleting, setDeleting] = useState<OnlineSession | null>(null);
  const remove = useDeleteSession();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        notify.success(MESSAGES.sessionDeleted);
        setDeleting(null);
      },
    });
  };

  const filters = (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <Select
        label={LABELS.sessionFieldSubject}
        data={[{ value: ALL, label: LABELS.sessionAllSubjects }, ...scope.subjects]}
        value={subjectId ?? ALL}
        onChange={(next) => patchParams({ subject: next === ALL ? null : next }, { replace: true })}
        disabled={scope.pending}
        allowDeselect={false}
        w={{ base: '100%', xs: 280 }}
      />
      <Select
        label={LABELS.sessionFieldBatch}
        data={[{ value: ALL, label: LABELS.sessionAllBatches }, ...scope.batches]}
        value={batchId ?? ALL}
        onChange={(next) =>
          patchParams({ batch: next === ALL ? null : next, subject: null }, { replace: true })
        }
        disabled={scope.pending}
        allowDeselect={false}
        w={{ base: '100%', xs: 240 }}
      />
    </Group>
  );

  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.sessionsTitle }]} />
      <PageHeader
        title={LABELS.sessionsTitle}
        actions={
          <>
            <Button component={Link} to={createSessionPath('live')} leftSection={<IconPlus size={16} />}>
              {LABELS.createLiveSession}
            </Button>
            <Button
              component={Link}
              to={createSessionPath('custom')}
              variant="light"
              leftSection={<IconUsersPlus size={16} />}
            >
              {LABELS.createCustomSession}
            </Button>
          </>
        }
      />
      <SessionTabs
        when={when}
        onTab={(next) => patchParams({ tab: next === 'previous' ? next : null }, { replace: true })}
        tab={tab}
        filters={filters}
        card={(session) => (
          <SessionCard
            session={session}
            as="host"
            onDelete={() => {
              remove.reset();
              setDeleting(session);
            }}
          />
        )}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={LABELS.sessionDeleteTitle}
        text={MESSAGES.confirmDelete}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
