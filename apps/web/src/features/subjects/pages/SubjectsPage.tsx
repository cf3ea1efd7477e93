import { Box, Button, Center, Loader, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { BatchSubject } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadMore } from '../../../components/LoadMore';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useRequiredAccount } from '../../../lib/session';
import { useBatchSubjectPages, useDeleteBatchSubject } from '../api';
import { BatchSelect } from '../components/BatchSelect';
import { SubjectCard } from '../components/SubjectCard';
import { SubjectFormModal } from '../components/SubjectFormModal';
import { chaptersPath } from '../links';

/** /batch/subjects: a batch's subjects as cards (management §2 "Subjects"). */
export function SubjectsPage() {
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const { permission } = useRequiredAccount();
  const manages = permission === 'moderator';
  const subjects = useBatchSubjectPages(batchId);
  const remove = useDeleteBatchSubject();
  const [formOpened, form] = useDisclosure(false);
  const [editing, setEditing] = useState<BatchSubject | null>(null);

  const chooseBatch = (next: string | null) => {
    setParams(next ? { batch: next } : {});
  };

  const openCreate = () => {
    setEditing(null);
    form.open();
  };

  const openEdit = (subject: BatchSubject) => {
    setEditing(subject);
    form.open();
  };

  const confirmDelete = (subject: BatchSubject) =>
    modals.openConfirmModal({
      title: LABELS.deleteSubjectTitle,
      children: MESSAGES.confirmDelete,
      labels: { confirm: LABELS.confirmProceed, cancel: LABELS.confirmCancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(subject._id, {
          onSuccess: () => notify.success(MESSAGES.subjectRemoved),
          onError: (failure) => notify.error(errorMessage(failure)),
        }),
    });

  let content: ReactNode;
  if (!batchId) {
    content = <EmptyNote text={MESSAGES.selectABatch} />;
  } else if (subjects.isPending) {
    content = (
      <Center py="xl">
        <Loader role="status" aria-label={LABELS.loading} />
      </Center>
    );
  } else if (subjects.items.length === 0) {
    content = <EmptyNote text={MESSAGES.noSubjectsAvailable} />;
  } else {
    content = (
      <>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {subjects.items.map((subject) => (
            <SubjectCard
              key={subject._id}
              subject={subject}
              to={chaptersPath(subject.batch_id, subject._id)}
              onEdit={manages ? () => openEdit(subject) : undefined}
              onDelete={manages ? () => confirmDelete(subject) : undefined}
              busy={remove.isPending && remove.variables === subject._id}
            />
          ))}
        </SimpleGrid>
        <LoadMore list={subjects} auto />
      </>
    );
  }

  return (
    <Stack gap="md">
      <PageBreadcrumb crumbs={[{ label: LABELS.subjectsTitle }]} />
      <PageHeader
        title={LABELS.subjectsTitle}
        actions={
          manages ? (
            <Button onClick={openCreate} disabled={!batchId}>
              {LABELS.addSubjectButton}
            </Button>
          ) : undefined
        }
      />
      <Box maw={360}>
        <BatchSelect value={batchId} onChange={chooseBatch} />
      </Box>
      {content}
      {batchId && (
        <SubjectFormModal opened={formOpened} onClose={form.close} batchId={batchId} editing={editing} />
      )}
    </Stack>
  );
}
