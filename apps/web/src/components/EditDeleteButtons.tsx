import { Button } from '@mantine/core';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/** A card's Edit and Delete buttons, each named after what it acts on for screen readers. */
export function EditDeleteButtons({
  title,
  onEdit,
  onDelete,
}: {
  title: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={16} />}
        aria-label={formatMessage(LABELS.editNamed, { title })}
        onClick={onEdit}
      >
        {LABELS.editAction}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} />}
        aria-label={formatMessage(LABELS.deleteNamed, { title })}
        onClick={onDelete}
      >
        {LABELS.deleteAction}
      </Button>
    </>
  );
}
