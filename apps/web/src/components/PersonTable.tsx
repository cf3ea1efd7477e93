import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Anchor, Avatar, Badge, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PersonActionCells } from './PersonActionCells';
import classes from './PersonTable.module.css';

interface Person {
  _id: string;
  name: string;
  archived: boolean;
}

interface PersonTableProps<T extends Person> {
  people: T[];
  /** The table's accessible name (the page title). */
  label: string;
  /** Below this width the table scrolls sideways instead of squeezing. */
  minWidth: number;
  /** Where the name links to. */
  editPath: (person: T) => string;
  /** Picture shown before the name; rows get no picture when left out. */
  avatar?: (person: T) => string | null;
  /** Dimmed line under the name, e.g. a designation. */
  subtitle?: (person: T) => string | null;
  /** Keep every column on a phone screen (see PersonTable.module.css). */
  fitPhone?: boolean;
  selected: Set<string>;
  onSelectedChange: (next: Set<string>) => void;
  onArchive: (person: T) => void;
  onUnarchive: (person: T) => void;
  /** The person whose archive or unarchive is running. */
  busyId: string | null;
}

/** A student or faculty list: Sl No., Name (to the edit page), Archive, UnArchive, Bulk Reset with select-all. */
export function PersonTable<T extends Person>({
  people,
  label,
  minWidth,
  editPath,
  avatar,
  subtitle,
  fitPhone = false,
  selected,
  onSelectedChange,
  onArchive,
  onUnarchive,
  busyId,
}: PersonTableProps<T>) {
  const allSelected = people.length > 0 && people.every((person) => selected.has(person._id));
  const someSelected = people.some((person) => selected.has(person._id));
  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };

  const nameCell = (person: T) => {
    const name: ReactNode = (
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to={editPath(person)} fw={500} className={classes.name}>
          {person.name}
        </Anchor>
        {person.archived && (
          <Badge color="gray" variant="light" size="sm">
            {LABELS.archivedBadge}
          </Badge>
        )}
      </Group>
    );
    if (!avatar && !subtitle) return name;
    const note = subtitle?.(person);
    return (
      <Group gap="sm" wrap="nowrap">
        {avatar && (
          <Avatar
            src={avatar(person)}
            alt=""
            size={32}
            radius="xl"
            name={person.name}
            color="initials"
            className={classes.avatar}
          />
        )}
        <Stack gap={0}>
          {name}
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </Stack>
      </Group>
    );
  };

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        verticalSpacing="xs"
        highlightOnHover
        className={fitPhone ? `${classes.table} ${classes.fitPhone}` : classes.table}
        aria-label={label}
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
                      event.currentTarget.checked ? new Set(people.map((person) => person._id)) : new Set(),
                    )
                  }
                />
                {LABELS.bulkReset}
              </Group>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person, index) => (
            <Table.Tr key={person._id}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>{nameCell(person)}</Table.Td>
              <PersonActionCells
                person={person}
                busy={busyId === person._id}
                selected={selected.has(person._id)}
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
