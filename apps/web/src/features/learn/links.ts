/** Deep links of the student's learning screens; selections live in the URL (batch, subject, chapter, topic). */
interface Selection {
  batch?: string | null;
  subject?: string | null;
  chapter?: string | null;
  topic?: string | null;
}

function withQuery(pathname: string, selection: Selection): string {
  const params = new URLSearchParams();
  for (const key of ['batch', 'subject', 'chapter', 'topic'] as const) {
    const value = selection[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export const MY_SUBJECTS_PATH = '/me/subjects';
export const MY_TEACHERS_PATH = '/me/teachers';
export const myChaptersPath = (selection: Selection) => withQuery('/me/subjects/chapters', selection);
export const myTopicsPath = (selection: Selection) => withQuery('/me/subjects/chapters/topics', selection);
export const myTopicDetailPath = (selection: Selection) =>
  withQuery('/me/subjects/chapters/topics/detail', selection);
export const selfAssessmentPath = (selection: Selection) =>
  withQuery('/me/subjects/chapters/topics/assessment', selection);
export const subjectNotesPath = (selection: Selection) => withQuery('/me/subjects/notes', selection);
export const subjectDoubtsPath = (batchSubjectId: string) =>
  `/me/doubts?${new URLSearchParams({ subject: batchSubjectId })}`;
