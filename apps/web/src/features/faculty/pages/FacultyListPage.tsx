import '@mantine/core/styles/List.css';
import { Button, Center, List, Loader, Stack, Text } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconFileTypePdf, IconKey, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadMore } from '../../../components/LoadMore';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { PersonTable } from '../../../components/PersonTable';
import { usePersonListActions } from '../../../components/usePersonListActions';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { CredentialsModal } from '../../students/components/CredentialsModal';
import {
  downloadFacultyList,
  useArchiveFaculty,
  useFacultyList,
  useResetFacultyPasswords,
  useUnarchiveFaculty,
} from '../api';

/** /faculty/list: newest first, with archive, unarchive, (bulk) reset and the PDF (management §2). */
export function FacultyListPage() {
  const faculty = useFacultyList();
  const archive = useArchiveFaculty();
  const unarchive = useUnarchiveFaculty();
  const reset = useResetFacultyPasswords();
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
    people: faculty.isPending ? undefined : faculty.items,
    archive,
    unarchive,
    reset,
    texts: {
      archiveTitle: LABELS.archiveFacultyTitle,
      confirmArchive: MESSAGES.confirmArchiveFaculty,
      archivedDone: MESSAGES.facultyArchivedDone,
      unarchiveTitle: LABELS.unarchiveFacultyTitle,
      confirmUnarchive: MESSAGES.confirmUnarchiveFaculty,
      unarchivedDone: MESSAGES.facultyUnarchivedDone,
      selectSomeone: MESSAGES.selectFaculty,
    },
    resetPrompt: (chosen) => (
      <Stack gap="xs">
        <Text fw={500}>{MESSAGES.confirmFacultyReset}</Text>
        <List size="sm" spacing={2}>
          {chosen.map((member) => (
            <List.Item key={member._id}>
              {member.name} ({member.username})
            </List.Item>
          ))}
        </List>
      </Stack>
    ),
  });

  async function exportPdf() {
    setExporting(true);
    try {
      await downloadFacultyList();
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setExporting(false);
    }
  }

  let content: ReactNode;
  if (faculty.isPending)
    content = (
      <Center py="xl">
        <Loader role="status" aria-label={LABELS.loading} />
      </Center>
    );
  else if (faculty.isError) content = <EmptyNote text={errorMessage(faculty.error)} />;
  else if (faculty.items.length === 0) content = <EmptyNote text={MESSAGES.noFaculties} />;
  else
    content = (
      <>
        <PersonTable
          people={faculty.items}
          label={LABELS.facultyListTitle}
          minWidth={340}
          editPath={(member) => `/edit/faculty/${member._id}`}
          avatar={(member) => member.avatar}
          subtitle={(member) => member.designation}
          fitPhone
          selected={selected}
          onSelectedChange={setSelected}
          onArchive={confirmArchive}
          onUnarchive={confirmUnarchive}
          busyId={busyId}
        />
        <LoadMore list={faculty} />
      </>
    );

  return (
    <Stack gap="md">
      <PageBreadcrumb crumbs={[{ label: LABELS.facultyListCrumb }]} />
      <PageHeader
        title={LABELS.facultyListTitle}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={16} />}
              onClick={exportPdf}
              loading={exporting}
            >
              {LABELS.pdfButton}
            </Button>
            <Button
              variant="default"
              leftSection={<IconKey size={16} />}
              onClick={confirmReset}
              loading={reset.isPending}
              disabled={selected.size === 0}
            >
              {LABELS.resetButton}
            </Button>
            <Button component={Link} to="/create-faculty" leftSection={<IconPlus size={16} />}>
              {LABELS.addFaculty}
            </Button>
          </>
        }
      />
      {content}
      <CredentialsModal
        credentials={credentials}
        sheetTitle={LABELS.facultyCredentialsTitle}
        onClose={() => setCredentials(null)}
      />
    </Stack>
  );
}
