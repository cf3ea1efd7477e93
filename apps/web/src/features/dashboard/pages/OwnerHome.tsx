import { Button, Center, Loader, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Institution } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { useState } from 'react';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useArchiveInstitution, useInstitutions } from '../../institutions/api';
import { AddInstitutionModal } from '../../institutions/components/AddInstitutionModal';
import { AddUserModal } from '../../institutions/components/AddUserModal';
import { ConfirmDialog } from '../../institutions/components/ConfirmDialog';
import { EditInstitutionModal } from '../../institutions/components/EditInstitutionModal';
import { InstitutionsTable } from '../../institutions/components/InstitutionsTable';

/** Owner home: the 'Active Institutions' table and its popups (management §2 "Owner home"). */
export function OwnerHome() {
  const { data: institutions = [], isPending } = useInstitutions();
  const [adding, addPopup] = useDisclosure(false);
  const [addingUser, userPopup] = useDisclosure(false);
  // The chosen row outlives its popup's closing transition, so the popup's text does not blank out.
  const [editing, setEditing] = useState<Institution | null>(null);
  const [editOpened, editPopup] = useDisclosure(false);
  const [archiving, setArchiving] = useState<Institution | null>(null);
  const [archiveOpened, archivePopup] = useDisclosure(false);
  const [archiveError, setArchiveError] = useState<string | null>(null);
  const archive = useArchiveInstitution();

  const startEdit = (institution: Institution) => {
    setEditing(institution);
    editPopup.open();
  };
  const startArchive = (institution: Institution) => {
    setArchiving(institution);
    setArchiveError(null);
    archivePopup.open();
  };
  const closeArchive = () => {
    archivePopup.close();
    setArchiveError(null);
  };
  const confirmArchive = () => {
    if (!archiving) return;
    setArchiveError(null);
    archive.mutate(archiving._id, {
      onSuccess: () => {
        notify.success(MESSAGES.institutionArchived);
        closeArchive();
      },
      onError: (failure) => setArchiveError(errorMessage(failure)),
    });
  };

  return (
    <>
      <PageHeader
        title={LABELS.activeInstitutions}
        actions={
          <>
            <Button onClick={addPopup.open}>{LABELS.addInstitution}</Button>
            <Button variant="light" onClick={userPopup.open}>
              {LABELS.addUser}
            </Button>
          </>
        }
      />
      <Paper withBorder radius="md">
        {isPending ? (
          <Center py="xl" role="status" aria-label={LABELS.loading}>
            <Loader size="sm" />
          </Center>
        ) : institutions.length > 0 ? (
          <InstitutionsTable institutions={institutions} onEdit={startEdit} onArchive={startArchive} />
        ) : (
          <EmptyNote text={LABELS.noInstitutions} />
        )}
      </Paper>

      <AddInstitutionModal opened={adding} onClose={addPopup.close} />
      <AddUserModal opened={addingUser} institutions={institutions} onClose={userPopup.close} />
      <EditInstitutionModal institution={editing} opened={editOpened} onClose={editPopup.close} />
      <ConfirmDialog
        opened={archiveOpened}
        title={LABELS.archiveInstitutionTitle}
        text={formatMessage(LABELS.archiveInstitutionPrompt, { title: archiving?.title ?? '' })}
        busy={archive.isPending}
        error={archiveError}
        onCancel={closeArchive}
        onConfirm={confirmArchive}
      />
    </>
  );
}
