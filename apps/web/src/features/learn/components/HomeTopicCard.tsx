import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { dateText } from '@portal/shared/time';
import { IconLock } from '@tabler/icons-react';
import { LinkCard } from '../../../components/LinkCard';
import { SubjectLogo } from '../../../components/SubjectLogo';
import { useDateTimeText } from '../../../lib/time-zone';
import type { HomeCard } from '../home-topics';
import { myTopicDetailPath } from '../links';

/**
 * A topic on the student's home. One whose study-plan day is still to come is shown but cannot be
 * opened (learning §2 "Student home").
 */
export function HomeTopicCard({ card, openable }: { card: HomeCard; openable: boolean }) {
  const timeText = useDateTimeText();
  const to = myTopicDetailPath({
    batch: card.batchId,
    subject: card.batchSubjectId,
    chapter: card.chapterId,
    topic: card.topicId,
  });
  return (
    <LinkCard to={openable ? to : null} label={card.topicTitle} testId="home-topic-card">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <SubjectLogo logo={card.subjectLogo} url={card.topicLogoUrl || card.subjectLogoUrl} size={48} />
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Text fw={700} lineClamp={2}>
            {card.topicTitle}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {card.subjectTitle} · {card.chapterTitle}
          </Text>
          <Group gap={6}>
            {card.planDate && (
              <Badge variant="light" color={openable ? 'teal' : 'gray'} radius="sm" tt="none">
                {formatMessage(LABELS.learnPlanDate, { date: dateText(card.planDate) })}
              </Badge>
            )}
            {card.viewedAt && (
              <Text size="xs" c="dimmed">
                {formatMessage(LABELS.learnViewedOn, {
                  date: timeText(card.viewedAt),
                })}
              </Text>
            )}
            {!openable && card.planDate && (
              <Group gap={4} wrap="nowrap">
                <IconLock size={14} color="var(--mantine-color-dimmed)" />
                <Text size="xs" c="dimmed">
                  {formatMessage(LABELS.learnNotYetOpen, { date: dateText(card.planDate) })}
                </Text>
              </Group>
            )}
          </Group>
        </Stack>
      </Group>
    </LinkCard>
  );
}
