import { Button, Group, Paper, Text } from '@mantine/core';
import type { Topic } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconFileText } from '@tabler/icons-react';
import { TiptapContent } from './TiptapContent';
import { TopicMedia } from './TopicMedia';

/**
 * The parts of a topic every reader sees, whichever screen shows it (the moderator's, the
 * faculty's and the student's topic detail): its content, its author, its description and its
 * note files.
 */

export function TopicMediaPanel({ topic }: { topic: Pick<Topic, 'type' | 'content_uri' | 'title'> }) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'md' }}
      component="section"
      aria-label={LABELS.topicContent}
    >
      <TopicMedia topic={topic} />
    </Paper>
  );
}

export function TopicAuthor({ name }: { name: string | null }) {
  if (!name) return null;
  return (
    <Text size="sm" c="dimmed">
      {formatMessage(LABELS.topicAuthor, { name })}
    </Text>
  );
}

export function TopicDescription({ doc }: { doc: Topic['wysiwyg_state'] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={LABELS.descriptionTab}>
      <TiptapContent doc={doc} />
    </Paper>
  );
}

/** Note 1 … Note n: each opens its file in a new tab. */
export function TopicNoteButtons({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <Group gap="sm" role="group" aria-label={LABELS.notesTab}>
      {notes.map((url, index) => (
        <Button
          key={url}
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          leftSection={<IconFileText size={16} />}
        >
          {formatMessage(LABELS.noteN, { n: String(index + 1) })}
        </Button>
      ))}
    </Group>
  );
}
