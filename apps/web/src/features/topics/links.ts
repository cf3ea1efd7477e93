/** Deep links of the topic screens; selections live in the URL (batch, subject, chapter, topic). */
export { chaptersPath, topicsPath } from '../subjects/links';

export function topicDetailPath(batchId: string, batchSubjectId: string, chapterId: string, topicId: string) {
  const params = new URLSearchParams({
    batch: batchId,
    subject: batchSubjectId,
    chapter: chapterId,
    topic: topicId,
  });
  return `/batch/subjects/chapters/topics/topicDetail?${params}`;
}

const segment = encodeURIComponent;

export const createTopicPath = (batchId: string, batchSubjectId: string, chapterId: string) =>
  `/batch/${segment(batchId)}/subjects/${segment(batchSubjectId)}/chapters/${segment(chapterId)}/create-topic`;

export const editTopicPath = (batchId: string, batchSubjectId: string, chapterId: string, topicId: string) =>
  `/batch/${segment(batchId)}/subjects/${segment(batchSubjectId)}/chapters/${segment(chapterId)}/topics/${segment(topicId)}/edit-topic`;
