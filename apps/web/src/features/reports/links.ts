/** Deep links of the report screens: what they show lives in the address, so a reload shows it again. */

export interface TopicReportLink {
  topicId: string;
  /** The batch the report starts on ('all' when none). */
  batchId?: string | null;
  /** The topic detail it was opened from: its batch subject and chapter, for the way back. */
  batchSubjectId?: string | null;
  chapterId?: string | null;
}

export function topicReportLink(link: TopicReportLink): string {
  const params = new URLSearchParams({ topic: link.topicId });
  if (link.batchId) params.set('batch', link.batchId);
  if (link.batchSubjectId) params.set('subject', link.batchSubjectId);
  if (link.chapterId) params.set('chapter', link.chapterId);
  return `/topic/reports?${params}`;
}
