import type { ApiUser } from './api.js';

/**
 * Prerequisite rows made through the API (as the moderator, or a faculty member for their own
 * subjects), so a spec needs no other screen than the one it tests.
 */

/** A batch subject as the API lists it. */
export interface BatchSubjectRow {
  _id: string;
  batch_id: string;
  batch_title: string;
  subject_id: string;
  subject_title: string;
}

/** A one-paragraph rich-text description. */
export const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** The id of the institution's batch with this title (the demo has 'Class 10 A'). */
export async function batchNamed(api: ApiUser, title: string): Promise<string> {
  const { batches } = await api.call<{ batches: { _id: string; title: string }[] }>('/batches');
  const batch = batches.find((candidate) => candidate.title === title);
  if (!batch) throw new Error(`no batch '${title}'`);
  return batch._id;
}

/** A new subject taught in the batch; answers the batch subject. */
export async function addSubjectToBatch(
  api: ApiUser,
  batchId: string,
  subject: { title: string; code: string; subject_logo: string },
): Promise<BatchSubjectRow> {
  const created = await api.call<{ subject: { _id: string } }>('/subjects', { body: subject });
  const { batch_subjects } = await api.call<{ batch_subjects: BatchSubjectRow[] }>('/batch-subjects', {
    body: { batch_id: batchId, subject_ids: [created.subject._id] },
  });
  return batch_subjects[0]!;
}

/** The active faculty member with this name (the demo has 'Anita Sharma'). */
export async function facultyNamed(api: ApiUser, name: string): Promise<{ _id: string; name: string }> {
  const { faculties } = await api.call<{ faculties: { _id: string; name: string }[] }>(
    '/faculties/complete-list',
  );
  const faculty = faculties.find((candidate) => candidate.name === name);
  if (!faculty) throw new Error(`no faculty member '${name}'`);
  return faculty;
}

export async function assignFaculty(
  api: ApiUser,
  batchSubjectId: string,
  facultyIds: string[],
): Promise<void> {
  await api.call('/batch-subjects/faculties', {
    body: { batch_subject_id: batchSubjectId, faculty_ids: facultyIds },
  });
}

/** A new chapter of the subject (the subject's id, not the batch subject's); answers its id. */
export async function addChapter(
  api: ApiUser,
  chapter: { title: string; description: string; subject_id: string },
): Promise<string> {
  return (await api.call<{ chapter: { _id: string } }>('/chapters', { body: chapter })).chapter._id;
}

/** A new topic; answers its id. */
export async function addTopic(
  api: ApiUser,
  topic: {
    title: string;
    type: 'image' | 'audio' | 'video';
    content_uri: string;
    wysiwyg_state: unknown;
    author_id: string;
    chapter_id: string;
    [field: string]: unknown;
  },
): Promise<string> {
  return (await api.call<{ topic: { _id: string } }>('/topics', { body: topic })).topic._id;
}
