import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Table } from '@mantine/core';
import type { SubjectStudent } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import classes from '../../../components/PersonTable.module.css';

interface StudentPickTableProps {
  label: string;
  students: SubjectStudent[];
  selected: Set<string>;
  onSelectedChange: (next: Set<string>) => void;
}

/** Students with a checkbox each and a select-all in the header (the Add/Remove Student tabs). */
export function StudentPickTable({ label, students, selected, onSelectedChange }: StudentPickTableProps) {
  const allSelected = students.length > 0 && students.every((student) => selected.has(student._id));
  const someSelected = students.some((student) => selected.has(student._id));
  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };

  return (
    <Table.ScrollContainer minWidth={360}>
      <Table
        verticalSpacing="xs"
        highlightOnHover
        className={`${classes.table} ${classes.fitPhone}`}
        aria-label={label}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.narrow}>
              <Checkbox
                aria-label={LABELS.selectAll}
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                onChange={(event) =>
                  onSelectedChange(
                    event.currentTarget.checked ? new Set(students.map((student) => student._id)) : new Set(),
                  )
                }
              />
            </Table.Th>
            <Table.Th className={classes.narrow}>{LABELS.slNo}</Table.Th>
            <Table.Th>{LABELS.name}</Table.Th>
            <Table.Th>{LABELS.fieldClass}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((student, index) => (
            <Table.Tr key={student._id}>
              <Table.Td>
                <Checkbox
                  aria-label={formatMessage(LABELS.selectNamed, { title: student.name })}
                  checked={selected.has(student._id)}
                  onChange={(event) => toggle(student._id, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td className={classes.name}>{student.name}</Table.Td>
              <Table.Td>{student.batch_title ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
