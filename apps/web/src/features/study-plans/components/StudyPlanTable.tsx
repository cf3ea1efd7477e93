import { ActionIcon, Box, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { StudyPlanEntry } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconTrash } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useDeleteStudyPlan } from '../api';

/** The day's plan entries of one batch: Sl No, Subject, chapter, Topic, Delete. */
export function StudyPlanTable({ entries }: { entries: StudyPlanEntry[] }) {
  const remove = useDeleteStudyPlan();

  const confirmDelete = (entry: StudyPlanEntry) =>
    modals.openConfirmModal({
      title: LABELS.studyPlanDeleteTitle,
      children: <Text size="sm">{MESSAGES.confirmDelete}</Text>,
      labels: { confirm: LABELS.confirmProceed, cancel: LABELS.confirmCancel },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(entry._id);
          notify.success(MESSAGES.studyPlanDeleted);
        } catch (failure) {
          notify.error(errorMessage(failure));
        }
      },
    });

  const deleteButton = (entry: StudyPlanEntry) => (
    <ActionIcon
      variant="subtle"
      color="red"
      onClick={() => confirmDelete(entry)}
      loading={remove.isPending && remove.variables === entry._id}
      aria-label={`${LABELS.studyPlanDeleteColumn} ${entry.topic_title}`}
    >
      <IconTrash size={18} />
    </ActionIcon>
  );

  return (
    <>
      <Box visibleFrom="sm">
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={LABELS.studyPlanEntries}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{LABELS.studyPlanSlNo}</Table.Th>
              <Table.Th>{LABELS.studyPlanSubjectColumn}</Table.Th>
              <Table.Th>{LABELS.studyPlanChapterColumn}</Table.Th>
              <Table.Th>{LABELS.studyPlanTopicColumn}</Table.Th>
              <Table.Th w={80} ta="center">
                {LABELS.studyPlanDeleteColumn}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry, index) => (
              <Table.Tr key={entry._id}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>{entry.subject_title}</Table.Td>
                <Table.Td>{entry.chapter_title}</Table.Td>
                <Table.Td>{entry.topic_title}</Table.Td>
                <Table.Td ta="center">{deleteButton(entry)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      {/* Phones: five columns do not fit, so each entry is a small card with the same fields. */}
      <Stack hiddenFrom="sm" gap="xs" component="ol" aria-label={LABELS.studyPlanEntries} p={0} m={0}>
        {entries.map((entry, index) => (
          <Paper key={entry._id} component="li" withBorder radius="sm" p="sm" style={{ listStyle: 'none' }}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {index + 1}. {entry.topic_title}
                </Text>
                <Text size="xs" c="dimmed">
                  {LABELS.studyPlanSubjectColumn}: {entry.subject_title}
                </Text>
                <Text size="xs" c="dimmed">
                  {LABELS.studyPlanChapter}: {entry.chapter_title}
                </Text>
              </div>
              {deleteButton(entry)}
            </Group>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
