import '@mantine/core/styles/Progress.css';
import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ChapterProgress } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0} miw={0} aria-label={`${label}: ${value}`}>
      <Text fw={700} size="lg" lh={1.2} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {label}
      </Text>
    </Stack>
  );
}

/** A chapter's available, completed and total topics and the student's rounded percent (learning §2). */
export function ProgressSummary({ chapter }: { chapter: ChapterProgress }) {
  const percent = formatMessage(LABELS.learnPercent, { percent: String(chapter.progress) });
  return (
    <Stack gap="xs">
      <SimpleGrid cols={3} spacing="xs">
        <Count label={LABELS.learnAvailable} value={chapter.visible_topic_count} testId="available-count" />
        <Count label={LABELS.learnCompleted} value={chapter.read_topic_count} testId="completed-count" />
        <Count label={LABELS.learnTotal} value={chapter.topic_count} testId="total-count" />
      </SimpleGrid>
      <Group gap="sm" wrap="nowrap">
        <Progress
          value={chapter.progress}
          style={{ flex: 1 }}
          size="md"
          radius="xl"
          color={chapter.progress >= 100 ? 'teal' : 'blue'}
          aria-label={LABELS.learnProgress}
        />
        <Text size="sm" fw={700} miw={40} ta="right" data-testid="progress-percent">
          {percent}
        </Text>
      </Group>
    </Stack>
  );
}
