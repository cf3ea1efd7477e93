import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Alert, Checkbox, Table, Text } from '@mantine/core';
import type { BatchSubject } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconInfoCircle } from '@tabler/icons-react';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { errorMessage } from '../../../lib/api';
import { useBatchStudents } from '../api';

interface StudentPickerProps {
  batchId: string;
  subject: BatchSubject | undefined;
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
}

/**
 * The custom session's students (learning §2): serial, name, batch, subject and a checkbox each,
 * with select-all, under the note that only those selected will see the session.
 */
export function StudentPicker({ batchId, subject, selected, onChange }: StudentPickerProps) {
  const students = useBatchStudents(batchId);
  const rows = students.data ?? [];
  const all = rows.length > 0 && rows.every((student) => selected.has(student._id));
  const some = rows.some((student) => selected.has(student._id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };

  let table = null;
  if (students.isPending) table = <Loading />;
  else if (students.isError) {
    table = <LoadFailed message={errorMessage(students.error)} retry={() => students.refetch()} />;
  } else if (rows.length === 0) table = <EmptyNote text={LABELS.sessionNoStudents} />;
  else {
    table = (
      <Table.ScrollContainer minWidth={480}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{LABELS.sessionSerial}</Table.Th>
              <Table.Th>{LABELS.name}</Table.Th>
              <Table.Th>{LABELS.sessionFieldBatch}</Table.Th>
              <Table.Th>{LABELS.sessionFieldSubject}</Table.Th>
              <Table.Th w={60}>
                <Checkbox
                  aria-label={LABELS.sessionSelectAll}
                  checked={all}
                  indeterminate={some && !all}
                  onChange={() => onChange(all ? new Set() : new Set(rows.map((student) => student._id)))}
                />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((student, index) => (
              <Table.Tr key={student._id}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>{student.name}</Table.Td>
                <Table.Td>{student.batch_title}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {subject?.subject_title ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={formatMessage(LABELS.sessionSelectStudent, { name: student.name })}
                    checked={selected.has(student._id)}
                    onChange={() => toggle(student._id)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <>
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} py="xs">
        {MESSAGES.customSessionNote}
      </Alert>
      {table}
    </>
  );
}
