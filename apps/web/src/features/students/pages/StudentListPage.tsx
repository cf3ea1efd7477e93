import '@mantine/core/styles/Breadcrumbs.css';
import { Anchor, Box, Breadcrumbs, Button, Center, Loader, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { IssuedCredential, Student } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconFileTypePdf, IconKey } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { BatchSelect } from '../../subjects/components/BatchSelect';
import {
  downloadStudentList,
  useArchiveStudent,
  useBatchStudents,
  useResetPasswords,
  useUnarchiveStudent,
} from '../api';
import { AddStudentModal } from '../components/AddStudentModal';
import { CredentialsModal } from '../components/CredentialsModal';
import { StudentsTable } from '../components/StudentsTable';

const confirmLabels = { confirm: LABELS.confirmProceed, cancel: LABELS.confirmCancel };

/** /student/list: a batch's students with archive, unarchive, resets, PDF and Add Student (management §2). */
export function StudentListPage() {
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const students = useBatchStudents(batchId);
  const archive = useArchiveStudent();
  const unarchive = useUnarchiveStudent();
  const reset = useResetPasswords();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [credentials, setCredentials] = useState<IssuedCredential[] | null>(null);
  const [addOpened, add] = useDisclosure(false);
  const [exporting, setExporting] = useState(false);

  const chooseBatch = (next: string | null) => {
    setSelected(new Set());
    setParams(next ? { batch: next } : {});
  };

  const confirmArchive = (student: Student) =>
    modals.openConfirmModal({
      title: LABELS.archiveStudentTitle,
      children: formatMessage(MESSAGES.confirmArchiveStudent, { name: student.name }),
      labels: confirmLabels,
      confirmProps: { color: 'red' },
      onConfirm: () =>
        archive.mutate(student._id, {
          onSuccess: () =>
            notify.success(formatMessage(MESSAGES.studentArchivedDone, { name: student.name })),
          onError: (failure) => notify.error(errorMessage(failure)),
        }),
    });

  const confirmUnarchive = (student: Student) =>
    modals.openConfirmModal({
      title: LABELS.unarchiveStudentTitle,
      children: formatMessage(MESSAGES.confirmUnarchiveStudent, { name: student.name }),
      labels: confirmLabels,
      onConfirm: () =>
        unarchive.mutate(student._id, {
          onSuccess: () =>
            notify.success(formatMessage(MESSAGES.studentUnarchivedDone, { name: student.name })),
          onError: (failure) => notify.error(errorMessage(failure)),
        }),
    });

  const confirmReset = () => {
    const chosen = (students.data ?? []).filter((student) => selected.has(student._id));
    if (chosen.length === 0) {
      notify.error(MESSAGES.selectStudents);
      return;
    }
    const single = chosen.length === 1 ? chosen[0]! : null;
    modals.openConfirmModal({
      title: LABELS.resetPasswordTitle,
      children: single
        ? formatMessage(MESSAGES.confirmResetStudent, { name: single.name })
        : formatMessage(MESSAGES.confirmBulkReset, { count: String(chosen.length) }),
      labels: confirmLabels,
      onConfirm: () =>
        reset.mutate(
          chosen.map((student) => student._id),
          {
            onSuccess: (issued) => {
              notify.success(
                single
                  ? formatMessage(MESSAGES.passwordResetDone, { name: single.name })
                  : MESSAGES.bulkPasswordReset,
              );
              setSelected(new Set());
              setCredentials(issued);
            },
            onError: (failure) =>
              notify.error(
                single
                  ? formatMessage(MESSAGES.passwordResetFailed, { name: single.name })
                  : errorMessage(failure),
              ),
          },
        ),
    });
  };

  async function exportPdf() {
    if (!batchId) return;
    setExporting(true);
    try {
      await downloadStudentList(batchId);
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setExporting(false);
    }
  }

  const busyId = archive.isPending
    ? (archive.variables ?? null)
    : unarchive.isPending
      ? (unarchive.variables ?? null)
      : null;

  let content: ReactNode;
  if (!batchId) content = <EmptyNote text={MESSAGES.selectABatch} />;
  else if (students.isPending)
    content = (
      <Center py="xl">
        <Loader aria-label={LABELS.loading} />
      </Center>
    );
  else if (students.isError) content = <EmptyNote text={errorMessage(students.error)} />;
  else if (students.data.length === 0) content = <EmptyNote text={MESSAGES.noStudentsInBatch} />;
  else
    content = (
      <StudentsTable
        students={students.data}
        selected={selected}
        onSelectedChange={setSelected}
        onArchive={confirmArchive}
        onUnarchive={confirmUnarchive}
        busyId={busyId}
      />
    );

  return (
    <Stack gap="md">
      <nav aria-label={LABELS.breadcrumb}>
        <Breadcrumbs separatorMargin={6} fz="sm">
          <Anchor component={Link} to="/dashboard">
            {LABELS.home}
          </Anchor>
          <span aria-current="page">{LABELS.studentListCrumb}</span>
        </Breadcrumbs>
      </nav>
      <PageHeader
        title={LABELS.studentListTitle}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={16} />}
              onClick={exportPdf}
              loading={exporting}
              disabled={!batchId}
            >
              {LABELS.pdfButton}
            </Button>
            <Button
              variant="default"
              leftSection={<IconKey size={16} />}
              onClick={confirmReset}
              loading={reset.isPending}
            >
              {LABELS.resetButton}
            </Button>
            <Button onClick={add.open}>{LABELS.addStudentButton}</Button>
          </>
        }
      />
      <Box maw={360}>
        <BatchSelect value={batchId} onChange={chooseBatch} />
      </Box>
      {content}
      <AddStudentModal
        key={batchId ?? 'none'}
        opened={addOpened}
        batchId={batchId}
        onClose={add.close}
        onCreated={(credential) => setCredentials([credential])}
      />
      <CredentialsModal
        credentials={credentials}
        sheetTitle={LABELS.studentCredentialsTitle}
        onClose={() => setCredentials(null)}
      />
    </Stack>
  );
}
