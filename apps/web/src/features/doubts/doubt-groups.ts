import type { Doubt } from '@portal/shared';

export interface TopicGroup {
  topicId: string;
  topicTitle: string;
  chapterTitle: string;
  doubts: Doubt[];
}

/** Doubts grouped by topic, the groups in the order their newest doubt appears. */
export function groupByTopic(doubts: readonly Doubt[]): TopicGroup[] {
  const groups = new Map<string, TopicGroup>();
  for (const doubt of doubts) {
    let group = groups.get(doubt.topic_id);
    if (!group) {
      group = {
        topicId: doubt.topic_id,
        topicTitle: doubt.topic_title,
        chapterTitle: doubt.chapter_title,
        doubts: [],
      };
      groups.set(doubt.topic_id, group);
    }
    group.doubts.push(doubt);
  }
  return [...groups.values()];
}
