import { Button, Center, Loader, Paper, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Institution } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { ExportPanel } from '../../exports/ExportPanel';
import {
  useArchivedInstitutions,
  useArchiveInstitution,
  useInstitutions,
  useRestoreInstitution,
} from '../../institutions/api';
import { AddInstitutionModal } from '../../institutions/components/AddInstitutionModal';
import { AddUserModal } from '../../institutions/components/AddUserModal';
import { ConfirmDialog } from '../../institutions/components/ConfirmDialog';
import { DemoVideosModal } from '../../institutions/components/DemoVideosModal';
import { EditInstitutionModal } from '../../institutions/components/EditInstitutionModal';
import { InstitutionPopup } from '../../institutions/components/InstitutionPopup';
import { InstitutionsTable } from '../../institutions/components/InstitutionsTable';
import {
  activeInstitutionActions,
  archivedInstitutionActions,
} from '../../institutions/components/institution-actions';
import { ModeratorsModal } from '../../institutions/components/ModeratorsModal';
import { useRowPopup } from '../../institutions/use-row-popup';

type Tab = 'active' | 'archived';

/** A confirmed change of one institution (archive, restore), with its error kept in the dialog. */
function useConfirmedChange(
  mutation: {
    mutate: (id: string, callbacks: { onSuccess: () => void; onError: (failure: Error) => void }) => void;
  },
  success: string,
) {
  const popup = useRowPopup();
  const [error, setError] = useFormError();
  return {
    ...popup,
    error,
    open: (institution: Institution) => {
      setError(null);
      popup.open(institution);
    },
    confirm: () => {
      if (!popup.row) return;
      setError(null);
      mutation.mutate(popup.row._id, {
        onSuccess: () => {
          notify.success(success);
          popup.close();
        },
        onError: (failure) => setError(errorMessage(failure)),
      });
    },
  };
}

function Listing({
  pending,
  empty,
  children,
}: {
  pending: boolean;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md">
      {pending ? (
        <Center py="xl" role="status" aria-label={LABELS.loading}>
          <Loader size="sm" />
        </Center>
      ) : empty ? (
        <EmptyNote text={empty} />
      ) : (
        children
      )}
    </Paper>
  );
}

/**
 * Owner home (management §2 "Owner home"): the 'Active Institutions' table and its popups, the
 * archived institutions to restore, and per institution its moderators, demo videos and data export.
 */
export function OwnerHome() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'archived' ? 'archived' : 'active';
  const { data: institutions = [], isPending } = useInstitutions();
  const archived = useArchivedInstitutions(tab === 'archived');
  const [adding, addPopup] = useDisclosure(false);
  const [addingUser, userPopup] = useDisclosure(false);
  const editing = useRowPopup();
  const moderators = useRowPopup();
  const demoVideos = useRowPopup();
  const exporting = useRowPopup();
  const archive = useArchiveInstitution();
  const restore = useRestoreInstitution();
  const archiving = useConfirmedChange(archive, MESSAGES.institutionArchived);
  const restoring = useConfirmedChange(restore, MESSAGES.institutionRestored);

  const chooseTab = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'archived') next.set('tab', 'archived');
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title={tab === 'archived' ? LABELS.archivedInstitutions : LABELS.activeInstitutions}
        actions={
          <>
            <Button onClick={addPopup.open}>{LABELS.addInstitution}</Button>
            <Button variant="light" onClick={userPopup.open}>
              {LABELS.addUser}
            </Button>
          </>
        }
      />
      <Tabs value={tab} onChange={chooseTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="active">{LABELS.activeInstitutions}</Tabs.Tab>
          <Tabs.Tab value="archived">{LABELS.archivedInstitutions}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="active">
          <Listing pending={isPending} empty={institutions.length === 0 ? LABELS.noInstitutions : null}>
            <InstitutionsTable
              label={LABELS.activeInstitutions}
              institutions={institutions}
              actions={activeInstitutionActions({
                onEdit: editing.open,
                onArchive: archiving.open,
                onModerators: moderators.open,
                onDemoVideos: demoVideos.open,
                onExport: exporting.open,
              })}
            />
          </Listing>
        </Tabs.Panel>
        <Tabs.Panel value="archived">
          <Listing
            pending={archived.isPending}
            empty={archived.data?.length === 0 ? LABELS.noArchivedInstitutions : null}
          >
            <InstitutionsTable
              label={LABELS.archivedInstitutions}
              institutions={archived.data ?? []}
              actions={archivedInstitutionActions(restoring.open)}
            />
          </Listing>
        </Tabs.Panel>
      </Tabs>

      <AddInstitutionModal opened={adding} onClose={addPopup.close} />
      <AddUserModal opened={addingUser} institutions={institutions} onClose={userPopup.close} />
      <EditInstitutionModal popup={editing} />
      <ModeratorsModal popup={moderators} />
      <DemoVideosModal popup={demoVideos} />
      <InstitutionPopup
        popup={exporting}
        size="lg"
        fullScreenOnPhone
        title={(institution) => formatMessage(LABELS.exportDataOf, { title: institution.title })}
      >
        {(institution) => <ExportPanel institutionId={institution._id} />}
      </InstitutionPopup>
      <ConfirmDialog
        opened={archiving.opened}
        title={LABELS.archiveInstitutionTitle}
        text={formatMessage(LABELS.archiveInstitutionPrompt, { title: archiving.row?.title ?? '' })}
        busy={archive.isPending}
        error={archiving.error}
        onCancel={archiving.close}
        onConfirm={archiving.confirm}
      />
      <ConfirmDialog
        opened={restoring.opened}
        title={LABELS.restoreInstitutionTitle}
        text={formatMessage(MESSAGES.confirmRestoreInstitution, { title: restoring.row?.title ?? '' })}
        busy={restore.isPending}
        error={restoring.error}
        confirmColor="teal"
        onCancel={restoring.close}
        onConfirm={restoring.confirm}
      />
    </>
  );
}
