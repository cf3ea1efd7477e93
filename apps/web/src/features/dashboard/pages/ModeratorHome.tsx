import { Button, Center, Loader, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Batch } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useAccount } from '../../../lib/session';
import { useFormError } from '../../../lib/use-form-error';
import { AnnouncementsSection } from '../../announcements/components/AnnouncementsSection';
import { ExportModal } from '../../exports/ExportModal';
import { useBatches, useDeleteBatch } from '../../institutions/api';
import { AddBatchModal } from '../../institutions/components/AddBatchModal';
import { BatchCard } from '../../institutions/components/BatchCard';
import { ConfirmDialog } from '../../institutions/components/ConfirmDialog';
import { RenameBatchModal } from '../../institutions/components/RenameBatchModal';

/**
 * Moderator home: the batch cards with Add Batch, Add Faculty and Assign Faculty (management §2), the
 * institution's data export (issue 28), and the announcements the moderator writes, edits and
 * deletes (decision 33).
 */
export function ModeratorHome() {
  const { data: batches = [], isPending } = useBatches();
  const [adding, addPopup] = useDisclosure(false);
  // The chosen card outlives its popup's closing transition, so the popup does not blank out.
  const [editing, setEditing] = useState<Batch | null>(null);
  const [editOpened, editPopup] = useDisclosure(false);
  const [deleting, setDeleting] = useState<Batch | null>(null);
  const [deleteOpened, deletePopup] = useDisclosure(false);
  const [deleteError, setDeleteError] = useFormError();
  const remove = useDeleteBatch();
  const account = useAccount();
  const [exportOpened, exportPopup] = useDisclosure(false);

  const startEdit = (batch: Batch) => {
    setEditing(batch);
    editPopup.open();
  };
  const startDelete = (batch: Batch) => {
    setDeleting(batch);
    setDeleteError(null);
    deletePopup.open();
  };
  const closeDelete = () => {
    deletePopup.close();
    setDeleteError(null);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError(null);
    remove.mutate(deleting._id, {
      onSuccess: () => {
        notify.success(MESSAGES.batchArchived);
        closeDelete();
      },
      // A batch with students answers 409 with the reason; it is shown in the popup.
      onError: (failure) => setDeleteError(errorMessage(failure)),
    });
  };

  return (
    <>
      <PageHeader
        title={LABELS.batches}
        actions={
          <>
            <Button onClick={addPopup.open}>{LABELS.addBatch}</Button>
            <Button component={Link} to="/create-faculty" variant="light">
              {LABELS.addFaculty}
            </Button>
            <Button component={Link} to="/assign/faculty" variant="light">
              {LABELS.assignFaculty}
            </Button>
            {account?.institution_id && (
              <Button variant="light" leftSection={<IconFileZip size={16} />} onClick={exportPopup.open}>
                {LABELS.exportData}
              </Button>
            )}
          </>
        }
      />
      {isPending ? (
        <Center py="xl" role="status" aria-label={LABELS.loading}>
          <Loader size="sm" />
        </Center>
      ) : batches.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
          {batches.map((batch) => (
            <BatchCard key={batch._id} batch={batch} onEdit={startEdit} onDelete={startDelete} />
          ))}
        </SimpleGrid>
      ) : (
        <EmptyNote text={LABELS.noBatches} />
      )}
      <Stack mt="xl">
        <AnnouncementsSection manage />
      </Stack>

      <AddBatchModal opened={adding} onClose={addPopup.close} />
      <RenameBatchModal batch={editing} opened={editOpened} onClose={editPopup.close} />
      <ConfirmDialog
        opened={deleteOpened}
        title={LABELS.deleteBatchTitle}
        text={MESSAGES.confirmDelete}
        busy={remove.isPending}
        error={deleteError}
        onCancel={closeDelete}
        onConfirm={confirmDelete}
      />
      {account?.institution_id && (
        <ExportModal
          institutionId={account.institution_id}
          title={account.institution_title ?? ''}
          opened={exportOpened}
          onClose={exportPopup.close}
        />
      )}
    </>
  );
}
