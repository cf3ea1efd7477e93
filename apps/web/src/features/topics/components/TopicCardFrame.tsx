import { Badge, Card, Image } from '@mantine/core';
import type { Topic } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import type { ReactNode } from 'react';
import defaultLogo from '../assets/topic-default.svg';
import { CONTENT_TYPE_LABELS } from '../content-types';

interface TopicCardFrameProps {
  topic: Pick<Topic, 'title' | 'type' | 'topic_logo_url'>;
  /** Marks a student's read topic (for styles and tests). */
  viewed?: boolean;
  children: ReactNode;
}

/** A topic card's frame: the topic's logo (or the default picture) with its content type, then the body. */
export function TopicCardFrame({ topic, viewed, children }: TopicCardFrameProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={formatMessage(LABELS.topicCard, { title: topic.title })}
      data-viewed={viewed}
    >
      <Card.Section pos="relative">
        <Image
          src={topic.topic_logo_url || defaultLogo}
          fallbackSrc={defaultLogo}
          alt=""
          h={140}
          fit="cover"
        />
        <Badge pos="absolute" top={10} left={10} variant="white" color="dark" size="sm">
          {CONTENT_TYPE_LABELS[topic.type]}
        </Badge>
      </Card.Section>
      {children}
    </Card>
  );
}
