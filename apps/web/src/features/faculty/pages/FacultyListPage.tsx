import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/List.css';
import { Anchor, Breadcrumbs, Button, Center, List, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Faculty, IssuedCredential } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconFileTypePdf, IconKey, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';
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
import { FacultyTable } from '../components/FacultyTable';

const confirmLabels = { confirm: LABELS.confirmProceed, cancel: LABELS.confirmCancel };

/** /faculty/list: newest first, with archive, unarchive, (bulk) reset and the PDF (management §2). */
export function FacultyListPage() {
  const faculty = useFacultyList();
  const archive = useArchiveFaculty();
  const unarchive = useUnarchiveFaculty();
  const reset = useResetFacultyPasswords();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [credentials, setCredentials] = useState<IssuedCredential[] | null>(null);
  const [exporting, setExporting] = useState(false);

  const confirmArchive = (member: Faculty) =>
    modals.openConfirmModal({
      title: LABELS.archiveFacultyTitle,
      children: formatMessage(MESSAGES.confirmArchiveFaculty, { name: member.name }),
      labels: confirmLabels,
      confirmProps: { color: 'red' },
      onConfirm: () =>
        archive.mutate(member._id, {
          onSuccess: () => notify.success(formatMessage(MESSAGES.facultyArchivedDone, { name: member.name })),
          onError: (failure) => notify.error(errorMessage(failure)),
        }),
    });

  const confirmUnarchive = (member: Faculty) =>
    modals.openConfirmModal({
      title: LABELS.unarchiveFacultyTitle,
      children: formatMessage(MESSAGES.confirmUnarchiveFaculty, { name: member.name }),
      labels: confirmLabels,
      onConfirm: () =>
        unarchive.mutate(member._id, {
          onSuccess: () =>
            notify.success(formatMessage(MESSAGES.facultyUnarchivedDone, { name: member.name })),
          onError: (failure) => notify.error(errorMessage(failure)),
        }),
    });

  const confirmReset = () => {
    const chosen = (faculty.data ?? []).filter((member) => selected.has(member._id));
    if (chosen.length === 0) {
      notify.error(MESSAGES.selectFaculty);
      return;
    }
    const single = chosen.length === 1 ? chosen[0]! : null;
    modals.openConfirmModal({
      title: LABELS.resetPasswordTitle,
      children: (
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
      labels: confirmLabels,
      onConfirm: () =>
        reset.mutate(
          chosen.map((member) => member._id),
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
    setExporting(true);
    try {
      await downloadFacultyList();
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
  if (faculty.isPending)
    content = (
      <Center py="xl">
        <Loader aria-label={LABELS.loading} />
      </Center>
    );
  else if (faculty.isError) content = <EmptyNote text={errorMessage(faculty.error)} />;
  else if (faculty.data.length === 0) content = <EmptyNote text={MESSAGES.noFaculties} />;
  else
    content = (
      <FacultyTable
        faculty={faculty.data}
        selected={selected}
        onSelectedChange={setSelected}
        onArchive={confirmArchive}
        onUnarchive={confirmUnarchive}
        busyId={busyId}
      />
    );

  return (
    <Stack gap="md">
      <Breadcrumbs separatorMargin={6} aria-label={LABELS.breadcrumb} fz="sm">
        <Anchor component={Link} to="/dashboard">
          {LABELS.home}
        </Anchor>
        <span>{LABELS.facultyListCrumb}</span>
      </Breadcrumbs>
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
