import { ActionIcon, Button, Group, Menu, Textarea } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import { useCheckedText } from '../../../lib/checked-text';

interface EditableTextProps {
  label: string;
  initial: string;
  check: (text: string) => string | null;
  saving: boolean;
  onSave: (text: string) => Promise<unknown>;
  onCancel: () => void;
}

/** A text edited in place, checked with the same rules as the server before it is sent. */
export function EditableText({ label, initial, check, saving, onSave, onCancel }: EditableTextProps) {
  const draft = useCheckedText(check, initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.checked();
    if (text === null) return;
    onSave(text).catch((failure: unknown) => draft.setError(errorMessage(failure)));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Textarea aria-label={label} {...draft.inputProps} autosize minRows={2} maxRows={8} data-autofocus />
      <Group justify="flex-end" gap="xs" mt="xs">
        <Button variant="default" size="xs" onClick={onCancel} disabled={saving}>
          {LABELS.formCancel}
        </Button>
        <Button type="submit" size="xs" loading={saving}>
          {LABELS.saveAction}
        </Button>
      </Group>
    </form>
  );
}

interface ItemActionsProps {
  label: string;
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** The menu of a doubt or a reply its author may still change: edit and delete. */
export function ItemActions({ label, editLabel, deleteLabel, onEdit, onDelete }: ItemActionsProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
          {editLabel}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
          {deleteLabel}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
