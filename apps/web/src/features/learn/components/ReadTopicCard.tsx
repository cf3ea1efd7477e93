import { Badge, Button, Group, Text } from '@mantine/core';
import type { TopicProgress } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import { IconBook, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TopicCardFrame } from '../../topics/components/TopicCardFrame';

/** A visible topic of a chapter with the student's read mark and the Read button. */
export function ReadTopicCard({ topic, to }: { topic: TopicProgress; to: string }) {
  return (
    <TopicCardFrame topic={topic} viewed={topic.viewed}>
      <Text fw={600} mt="xs" lineClamp={2} style={{ flex: 1 }} title={topic.title}>
        {topic.title}
      </Text>
      <Group justify="space-between" mt="md" gap="xs">
        {topic.viewed ? (
          <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={14} />}>
            {LABELS.learnViewed}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            {LABELS.learnNotViewed}
          </Badge>
        )}
        <Button component={Link} to={to} size="xs" leftSection={<IconBook size={14} />}>
          {LABELS.learnRead}
        </Button>
      </Group>
    </TopicCardFrame>
  );
}
