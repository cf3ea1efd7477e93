import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { FacultyBatchSubject, FacultyDetail } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useRemoveFaculty } from '../api';

/** 'Faculty Batch Subjects': each batch and subject the member teaches, with REMOVE (after a confirmation). */
export function FacultyBatchSubjects({ faculty }: { faculty: FacultyDetail }) {
  const remove = useRemoveFaculty();

  const confirmRemove = (subject: FacultyBatchSubject) => {
    const names = { name: faculty.name, subject: subject.subject_title, batch: subject.batch_title };
    modals.openConfirmModal({
      title: LABELS.removeFacultySubjectTitle,
      children: formatMessage(MESSAGES.confirmRemoveFacultySubject, names),
      labels: { confirm: LABELS.confirmProceed, cancel: LABELS.confirmCancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { batchSubjectId: subject._id, facultyIds: [faculty._id] },
          {
            onSuccess: () => notify.success(formatMessage(MESSAGES.facultySubjectRemoved, names)),
            onError: (failure) => notify.error(errorMessage(failure)),
          },
        ),
    });
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {LABELS.facultyBatchSubjects}
          </Title>
          <Button
            component={Link}
            to={`/assign/faculty?faculty=${faculty._id}`}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
          >
            {LABELS.assignFaculty}
          </Button>
        </Group>
        {faculty.batch_subjects.length === 0 ? (
          <Text c="dimmed" size="sm">
            {MESSAGES.noFacultyBatchSubjects}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" aria-label={LABELS.facultyBatchSubjects}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{LABELS.fieldBatch}</Table.Th>
                  <Table.Th>{LABELS.fieldSubject}</Table.Th>
                  <Table.Th w={1} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {faculty.batch_subjects.map((subject) => (
                  <Table.Tr key={subject._id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{subject.batch_title}</Table.Td>
                    <Table.Td>{subject.subject_title}</Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        loading={remove.isPending && remove.variables?.batchSubjectId === subject._id}
                        aria-label={formatMessage(LABELS.removeNamed, {
                          title: `${subject.subject_title} (${subject.batch_title})`,
                        })}
                        onClick={() => confirmRemove(subject)}
                      >
                        {LABELS.removeAction}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
