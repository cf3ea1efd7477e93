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

/**
 * A topic card's frame: the topic's picture (its logo or its image, else the default picture)
 * shown whole, as diagrams carry text that cropping would cut, then its content type and the body.
 */
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
      <Card.Section bg="var(--mantine-color-default-hover)">
        <Image
          src={topic.topic_logo_url || defaultLogo}
          fallbackSrc={defaultLogo}
          alt=""
          fit="contain"
          style={{ aspectRatio: '16 / 10', width: '100%' }}
        />
      </Card.Section>
      <Badge mt="sm" variant="light" color="gray" size="sm" w="fit-content">
        {CONTENT_TYPE_LABELS[topic.type]}
      </Badge>
      {children}
    </Card>
  );
}
