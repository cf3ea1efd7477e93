import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { NOTE_MAX_LENGTH } from '@portal/shared/schemas/notes';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { checkNoteText } from '../note-text';

export interface NoteLike {
  _id: string;
  note_text: string;
  created_at: string;
}

interface NoteItemProps {
  note: NoteLike;
  /** Above the text, e.g. the topic it belongs to. */
  heading?: ReactNode;
  /** Saves an edited text; resolves when saved, rejects with the message to show. */
  onSave?: (text: string) => Promise<unknown>;
  onDelete?: () => void;
  busy?: boolean;
}

/** One note: its text and date, edited in place and deleted after a confirmation. */
export function NoteItem({ note, heading, onSave, onDelete, busy }: NoteItemProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!onSave || draft === null) return;
    const checked = checkNoteText(draft);
    if ('error' in checked) return setError(checked.error);
    setSaving(true);
    try {
      await onSave(checked.note_text);
      setDraft(null);
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
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
        {heading}
        {draft === null ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.note_text}
          </Text>
        ) : (
          <>
            <Textarea
              aria-label={LABELS.learnEditNote}
              value={draft}
              onChange={(event) => {
                setDraft(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              autosize
              minRows={2}
              maxRows={10}
              maxLength={NOTE_MAX_LENGTH}
              data-autofocus
              autoFocus
            />
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setDraft(null)} disabled={saving}>
                {LABELS.formCancel}
              </Button>
              <Button size="xs" onClick={save} loading={saving}>
                {LABELS.saveAction}
              </Button>
            </Group>
          </>
        )}
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {dayjs(note.created_at).format('DD/MM/YYYY HH:mm')}
          </Text>
          {draft === null && (onSave || onDelete) && (
            <Group gap={4} wrap="nowrap">
              {onSave && (
                <Tooltip label={LABELS.learnEditNote}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={LABELS.learnEditNote}
                    onClick={() => {
                      setDraft(note.note_text);
                      setError(null);
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
