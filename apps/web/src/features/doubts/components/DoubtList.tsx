import { Stack } from '@mantine/core';
import type { Doubt } from '@portal/shared';
import { EmptyNote } from '../../../components/EmptyNote';
import { TopicGroupHeading } from '../../../components/TopicGroupHeading';
import { groupByTopic } from '../doubt-groups';
import { DoubtThread, type DoubtViewer } from './DoubtThread';

export interface DoubtListProps {
  doubts: readonly Doubt[];
  viewer: DoubtViewer;
  emptyText: string;
  /** Group under topic headings (the doubts pages); otherwise a flat list. */
  grouped?: boolean;
  /** The path of a doubt's topic: the groups' heading links, or a topic line on each doubt of a flat list. */
  topicPath?: (doubt: Doubt) => string | undefined;
  replyable?: boolean;
}

/** A list of doubt threads, flat or grouped by topic, with the list's empty text. */
export function DoubtList({
  doubts,
  viewer,
  emptyText,
  grouped = false,
  topicPath,
  replyable,
}: DoubtListProps) {
  if (doubts.length === 0) return <EmptyNote text={emptyText} />;
  if (!grouped) {
    return (
      <Stack gap="sm">
        {doubts.map((doubt) => (
          <DoubtThread
            key={doubt._id}
            doubt={doubt}
            viewer={viewer}
            replyable={replyable}
            showTopic={Boolean(topicPath)}
            topicPath={topicPath?.(doubt)}
          />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {groupByTopic(doubts).map((group) => {
        const first = group.doubts[0];
        return (
          <Stack gap="sm" key={group.topicId} component="section" data-testid="doubt-topic-group">
            <TopicGroupHeading
              topicTitle={group.topicTitle}
              chapterTitle={group.chapterTitle}
              to={first && topicPath?.(first)}
            />
            {group.doubts.map((doubt) => (
              <DoubtThread key={doubt._id} doubt={doubt} viewer={viewer} replyable={replyable} />
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
