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

/** The ids of a subject taught in a batch, with one chapter (what most specs build topics on). */
export interface TaughtChapter {
  batch: string;
  batchSubject: string;
  subjectId: string;
  faculty: string;
  chapter: string;
}

/**
 * A new subject for `batch` (the demo's 'Class 10 A', with `student` and `student2`), taught by
 * `faculty` (the demo's 'Anita Sharma', signed in as `faculty`), with one chapter.
 */
export async function addTaughtChapter(
  moderator: ApiUser,
  options: {
    subject: { title: string; code: string; subject_logo: string };
    chapter: { title: string; description: string };
    batch?: string;
    faculty?: string;
  },
): Promise<TaughtChapter> {
  const batch = await batchNamed(moderator, options.batch ?? 'Class 10 A');
  const subject = await addSubjectToBatch(moderator, batch, options.subject);
  const faculty = await facultyNamed(moderator, options.faculty ?? 'Anita Sharma');
  await assignFaculty(moderator, subject._id, [faculty._id]);
  const chapter = await addChapter(moderator, { ...options.chapter, subject_id: subject.subject_id });
  return { batch, batchSubject: subject._id, subjectId: subject.subject_id, faculty: faculty._id, chapter };
}

/** A new audio topic of the chapter whose description is one paragraph; answers its id. */
export async function addTextTopic(
  api: ApiUser,
  on: Pick<TaughtChapter, 'faculty' | 'chapter'>,
  title: string,
  text: string,
): Promise<string> {
  return addTopic(api, {
    title,
    type: 'audio',
    content_uri: 'https://audio.example.org/lesson.mp3',
    wysiwyg_state: paragraph(text),
    author_id: on.faculty,
    chapter_id: on.chapter,
  });
}
