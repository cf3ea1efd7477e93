import '@mantine/core/styles/Checkbox.css';
import { ActionIcon, Checkbox, Table } from '@mantine/core';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';

interface Person {
  _id: string;
  name: string;
  archived: boolean;
}

/** The Archive, UnArchive and Bulk Reset cells of a student or faculty list row (management §2). */
export function PersonActionCells<T extends Person>({
  person,
  busy,
  selected,
  onArchive,
  onUnarchive,
  onSelect,
}: {
  person: T;
  busy: boolean;
  selected: boolean;
  onArchive: (person: T) => void;
  onUnarchive: (person: T) => void;
  onSelect: (id: string, checked: boolean) => void;
}) {
  return (
    <>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={formatMessage(LABELS.archiveNamed, { title: person.name })}
          disabled={person.archived}
          loading={busy && !person.archived}
          onClick={() => onArchive(person)}
        >
          <IconArchive size={18} />
        </ActionIcon>
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="teal"
          aria-label={formatMessage(LABELS.unarchiveNamed, { title: person.name })}
          disabled={!person.archived}
          loading={busy && person.archived}
          onClick={() => onUnarchive(person)}
        >
          <IconArchiveOff size={18} />
        </ActionIcon>
      </Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={formatMessage(LABELS.resetNamed, { title: person.name })}
          checked={selected}
          onChange={(event) => onSelect(person._id, event.currentTarget.checked)}
        />
      </Table.Td>
    </>
  );
}
