import '@mantine/core/styles/Checkbox.css';
import { Anchor, Avatar, Badge, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import type { Faculty } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import { Link } from 'react-router';
import { PersonActionCells } from '../../../components/PersonActionCells';
import classes from './FacultyTable.module.css';

interface FacultyTableProps {
  faculty: Faculty[];
  selected: Set<string>;
  onSelectedChange: (next: Set<string>) => void;
  onArchive: (member: Faculty) => void;
  onUnarchive: (member: Faculty) => void;
  /** The member whose archive or unarchive is running. */
  busyId: string | null;
}

/** 'Faculty List': Sl No., Name (to the edit page), Archive, UnArchive, Bulk Reset with select-all. */
export function FacultyTable({
  faculty,
  selected,
  onSelectedChange,
  onArchive,
  onUnarchive,
  busyId,
}: FacultyTableProps) {
  const allSelected = faculty.length > 0 && faculty.every((member) => selected.has(member._id));
  const someSelected = faculty.some((member) => selected.has(member._id));
  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };

  return (
    <Table.ScrollContainer minWidth={340}>
      <Table
        verticalSpacing="xs"
        highlightOnHover
        className={classes.table}
        aria-label={LABELS.facultyListTitle}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.narrow}>{LABELS.slNo}</Table.Th>
            <Table.Th>{LABELS.name}</Table.Th>
            <Table.Th className={classes.narrow}>{LABELS.archive}</Table.Th>
            <Table.Th className={classes.narrow}>{LABELS.unarchive}</Table.Th>
            <Table.Th className={classes.narrow}>
              <Checkbox
                label={LABELS.bulkReset}
                aria-label={LABELS.selectAll}
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                onChange={(event) =>
                  onSelectedChange(
                    event.currentTarget.checked ? new Set(faculty.map((member) => member._id)) : new Set(),
                  )
                }
              />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {faculty.map((member, index) => (
            <Table.Tr key={member._id}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar
                    src={member.avatar}
                    alt=""
                    size={32}
                    radius="xl"
                    name={member.name}
                    color="initials"
                    className={classes.avatar}
                  />
                  <Stack gap={0}>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor
                        component={Link}
                        to={`/edit/faculty/${member._id}`}
                        fw={500}
                        className={classes.name}
                      >
                        {member.name}
                      </Anchor>
                      {member.archived && (
                        <Badge color="gray" variant="light" size="sm">
                          {LABELS.archivedBadge}
                        </Badge>
                      )}
                    </Group>
                    {member.designation && (
                      <Text size="xs" c="dimmed">
                        {member.designation}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Table.Td>
              <PersonActionCells
                person={member}
                busy={busyId === member._id}
                selected={selected.has(member._id)}
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
