import { Stack, Text } from '@mantine/core';
import type { ChapterProgress } from '@portal/shared';
import { LinkCard } from '../../../components/LinkCard';
import { ProgressSummary } from './ProgressSummary';

/** A visible chapter with the student's progress; opens its topics. */
export function ChapterProgressCard({ chapter, to }: { chapter: ChapterProgress; to: string }) {
  return (
    <LinkCard to={to} label={chapter.title} testId="chapter-progress-card">
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
    </LinkCard>
  );
}
