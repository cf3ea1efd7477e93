/** Deep links of the subjects and chapters pages; selections live in the URL (batch, subject, chapter). */
export function subjectsPath(batchId?: string | null): string {
  return batchId ? `/batch/subjects?${new URLSearchParams({ batch: batchId })}` : '/batch/subjects';
}

export function chaptersPath(batchId?: string | null, batchSubjectId?: string | null): string {
  const params = new URLSearchParams();
  if (batchId) params.set('batch', batchId);
  if (batchSubjectId) params.set('subject', batchSubjectId);
  const query = params.toString();
  return query ? `/batch/subjects/chapters?${query}` : '/batch/subjects/chapters';
}

export function topicsPath(batchId: string, batchSubjectId: string, chapterId: string): string {
  const params = new URLSearchParams({ batch: batchId, subject: batchSubjectId, chapter: chapterId });
  return `/batch/subjects/chapters/topics?${params}`;
}
