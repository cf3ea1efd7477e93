import { Badge, Button, Card, Group, Image, Text } from '@mantine/core';
import type { TopicProgress } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconBook, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import defaultLogo from '../../topics/assets/topic-default.svg';

const TYPE_LABELS = { image: LABELS.typeImage, audio: LABELS.typeAudio, video: LABELS.typeVideo } as const;

/** A visible topic of a chapter with the student's read mark and the Read button. */
export function ReadTopicCard({ topic, to }: { topic: TopicProgress; to: string }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={formatMessage(LABELS.topicCard, { title: topic.title })}
      data-viewed={topic.viewed}
    >
      <Card.Section pos="relative">
        <Image
          src={topic.topic_logo_url || defaultLogo}
          fallbackSrc={defaultLogo}
          alt=""
          h={120}
          fit="cover"
        />
        <Badge pos="absolute" top={10} left={10} variant="white" color="dark" size="sm">
          {TYPE_LABELS[topic.type]}
        </Badge>
      </Card.Section>
      <Text fw={600} mt="md" lineClamp={2} style={{ flex: 1 }}>
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
    </Card>
  );
}
