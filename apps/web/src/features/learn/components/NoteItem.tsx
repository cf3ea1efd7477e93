import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { NOTE_MAX_LENGTH } from '@portal/shared/schemas/notes';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useCheckedText } from '../../../lib/checked-text';
import { useDateTimeText } from '../../../lib/time-zone';
import { noteTextError } from '../note-text';

export interface NoteLike {
  _id: string;
  note_text: string;
  created_at: string;
}

interface NoteItemProps {
  note: NoteLike;
  /** Saves an edited text; resolves when saved, rejects with the message to show. */
  onSave?: (text: string) => Promise<unknown>;
  onDelete?: () => void;
  busy?: boolean;
}

/** One note: its text and date, edited in place and deleted after a confirmation. */
export function NoteItem({ note, onSave, onDelete, busy }: NoteItemProps) {
  const timeText = useDateTimeText();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const draft = useCheckedText(noteTextError);

  const save = async () => {
    const text = draft.checked();
    if (!onSave || text === null) return;
    setSaving(true);
    try {
      await onSave(text);
      setEditing(false);
    } catch (failure) {
      draft.setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={LABELS.learnNoteText}
      data-testid="note-item"
      style={{ opacity: busy ? 0.5 : 1 }}
    >
      <Stack gap={6}>
        {editing ? (
          <>
            <Textarea
              aria-label={LABELS.learnEditNote}
              {...draft.inputProps}
              autosize
              minRows={2}
              maxRows={10}
              maxLength={NOTE_MAX_LENGTH}
              data-autofocus
              autoFocus
            />
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setEditing(false)} disabled={saving}>
                {LABELS.formCancel}
              </Button>
              <Button size="xs" onClick={save} loading={saving}>
                {LABELS.saveAction}
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.note_text}
          </Text>
        )}
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {timeText(note.created_at)}
          </Text>
          {!editing && (onSave || onDelete) && (
            <Group gap={4} wrap="nowrap">
              {onSave && (
                <Tooltip label={LABELS.learnEditNote}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={LABELS.learnEditNote}
                    onClick={() => {
                      draft.reset(note.note_text);
                      setEditing(true);
                    }}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              {onDelete && (
                <Tooltip label={LABELS.learnDeleteNote}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={LABELS.learnDeleteNote}
                    onClick={onDelete}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
