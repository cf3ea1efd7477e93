import { Anchor, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

interface TopicGroupHeadingProps {
  topicTitle: string;
  chapterTitle: string;
  /** The topic's page; the title is a link to it when given. */
  to?: string;
}

/** The heading of a list's group of one topic (notes, doubts): the topic and its chapter. */
export function TopicGroupHeading({ topicTitle, chapterTitle, to }: TopicGroupHeadingProps) {
  return (
    <div>
      <Title order={2} size="h5">
        {to ? (
          <Anchor component={Link} to={to} inherit>
            {topicTitle}
          </Anchor>
        ) : (
          topicTitle
        )}
      </Title>
      <Text size="xs" c="dimmed">
        {chapterTitle}
      </Text>
    </div>
  );
}
