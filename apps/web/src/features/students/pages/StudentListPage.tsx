import { Box, Button, Center, Loader, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconFileTypePdf, IconKey } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadMore } from '../../../components/LoadMore';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { PersonTable } from '../../../components/PersonTable';
import { usePersonListActions } from '../../../components/usePersonListActions';
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

/** /student/list: a batch's students with archive, unarchive, resets, PDF and Add Student (management §2). */
export function StudentListPage() {
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const students = useBatchStudents(batchId);
  const archive = useArchiveStudent();
  const unarchive = useUnarchiveStudent();
  const reset = useResetPasswords();
  const [addOpened, add] = useDisclosure(false);
  const [exporting, setExporting] = useState(false);
  const {
    selected,
    setSelected,
    credentials,
    setCredentials,
    confirmArchive,
    confirmUnarchive,
    confirmReset,
    busyId,
  } = usePersonListActions({
    people: students.isPending ? undefined : students.items,
    archive,
    unarchive,
    reset,
    texts: {
      archiveTitle: LABELS.archiveStudentTitle,
      confirmArchive: MESSAGES.confirmArchiveStudent,
      archivedDone: MESSAGES.studentArchivedDone,
      unarchiveTitle: LABELS.unarchiveStudentTitle,
      confirmUnarchive: MESSAGES.confirmUnarchiveStudent,
      unarchivedDone: MESSAGES.studentUnarchivedDone,
      selectSomeone: MESSAGES.selectStudents,
    },
    resetPrompt: (chosen) =>
      chosen.length === 1
        ? formatMessage(MESSAGES.confirmResetStudent, { name: chosen[0]!.name })
        : formatMessage(MESSAGES.confirmBulkReset, { count: String(chosen.length) }),
  });

  const chooseBatch = (next: string | null) => {
    setSelected(new Set());
    setParams(next ? { batch: next } : {});
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

  let content: ReactNode;
  if (!batchId) content = <EmptyNote text={MESSAGES.selectABatch} />;
  else if (students.isPending)
    content = (
      <Center py="xl">
        <Loader role="status" aria-label={LABELS.loading} />
      </Center>
    );
  else if (students.isError) content = <EmptyNote text={errorMessage(students.error)} />;
  else if (students.items.length === 0) content = <EmptyNote text={MESSAGES.noStudentsInBatch} />;
  else
    content = (
      <>
        <PersonTable
          people={students.items}
          label={LABELS.studentListTitle}
          // Every column fits a phone's width (no sideways scrolling to reach UnArchive or Bulk Reset).
          minWidth={340}
          fitPhone
          editPath={(student) => `/edit/student/${student._id}`}
          selected={selected}
          onSelectedChange={setSelected}
          onArchive={confirmArchive}
          onUnarchive={confirmUnarchive}
          busyId={busyId}
        />
        <LoadMore list={students} />
      </>
    );

  return (
    <Stack gap="md">
      <PageBreadcrumb crumbs={[{ label: LABELS.studentListCrumb }]} />
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
              // As on the Add/Remove page: nothing ticked, nothing to reset.
              disabled={selected.size === 0}
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
        onCreated={(student, credential) => {
          // The list shows the new student's batch, with them in it.
          if (student.batch && student.batch._id !== batchId) chooseBatch(student.batch._id);
          setCredentials([credential]);
        }}
      />
      <CredentialsModal
        credentials={credentials}
        sheetTitle={LABELS.studentCredentialsTitle}
        onClose={() => setCredentials(null)}
      />
    </Stack>
  );
}
