import { Card, Stack, Text } from '@mantine/core';
import type { ChapterProgress } from '@portal/shared';
import { Link } from 'react-router';
import { ProgressSummary } from './ProgressSummary';

/** A visible chapter with the student's progress; opens its topics. */
export function ChapterProgressCard({ chapter, to }: { chapter: ChapterProgress; to: string }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={to}
      aria-label={chapter.title}
      data-testid="chapter-progress-card"
      style={{ textDecoration: 'none' }}
    >
      <Stack gap="sm" h="100%">
        <Text fw={700} lineClamp={2}>
          {chapter.title}
        </Text>
        {chapter.description && (
          <Text size="sm" c="dimmed" lineClamp={2} style={{ flex: 1 }}>
            {chapter.description}
          </Text>
        )}
        <ProgressSummary chapter={chapter} />
      </Stack>
    </Card>
  );
}
