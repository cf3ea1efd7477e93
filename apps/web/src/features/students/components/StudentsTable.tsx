import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Anchor, Badge, Checkbox, Group, Table } from '@mantine/core';
import type { Student } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import { Link } from 'react-router';
import { PersonActionCells } from '../../../components/PersonActionCells';
import classes from './StudentsTable.module.css';

interface StudentsTableProps {
  students: Student[];
  selected: Set<string>;
  onSelectedChange: (next: Set<string>) => void;
  onArchive: (student: Student) => void;
  onUnarchive: (student: Student) => void;
  /** The student whose archive or unarchive is running. */
  busyId: string | null;
}

/** 'List of Students': Sl No., Name, Archive, UnArchive, Bulk Reset (with select-all). */
export function StudentsTable({
  students,
  selected,
  onSelectedChange,
  onArchive,
  onUnarchive,
  busyId,
}: StudentsTableProps) {
  const allSelected = students.length > 0 && students.every((student) => selected.has(student._id));
  const someSelected = students.some((student) => selected.has(student._id));
  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };

  return (
    <Table.ScrollContainer minWidth={520}>
      <Table
        verticalSpacing="xs"
        highlightOnHover
        className={classes.table}
        aria-label={LABELS.studentListTitle}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.narrow}>{LABELS.slNo}</Table.Th>
            <Table.Th>{LABELS.name}</Table.Th>
            <Table.Th className={classes.narrow}>{LABELS.archive}</Table.Th>
            <Table.Th className={classes.narrow}>{LABELS.unarchive}</Table.Th>
            <Table.Th className={classes.narrow}>
              <Group gap={8} wrap="nowrap">
                <Checkbox
                  aria-label={LABELS.selectAll}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={(event) =>
                    onSelectedChange(
                      event.currentTarget.checked
                        ? new Set(students.map((student) => student._id))
                        : new Set(),
                    )
                  }
                />
                {LABELS.bulkReset}
              </Group>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((student, index) => (
            <Table.Tr key={student._id}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Anchor
                    component={Link}
                    to={`/edit/student/${student._id}`}
                    fw={500}
                    className={classes.name}
                  >
                    {student.name}
                  </Anchor>
                  {student.archived && (
                    <Badge color="gray" variant="light" size="sm">
                      {LABELS.archivedBadge}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <PersonActionCells
                person={student}
                busy={busyId === student._id}
                selected={selected.has(student._id)}
                onArchive={onArchive}
                onUnarchive={onUnarchive}
                onSelect={toggle}
              />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
