import type { ApiUser } from './api.js';
import { type BatchSubjectRow, batchNamed, facultyNamed } from './content.js';

/** The demo institution's rows the screens of every role show, looked up by their seeded names. */
export interface DemoIds {
  /** Class 10 A, the demo student's batch. */
  batch: string;
  /** Class 10 A Mathematics (a batch subject), taught by `faculty`. */
  subject: string;
  /** Its subject's id. */
  subjectId: string;
  /** Its chapter "Triangles" and the topic "The Pythagoras theorem" (with a self assessment). */
  chapter: string;
  topic: string;
  /** "Unit Test: Triangles" (live), "Force and Motion Test" (closed, awaiting evaluation), "Real Numbers Test" (evaluated). */
  liveExam: string;
  closedExam: string;
  evaluatedExam: string;
  /** The demo student's and the demo faculty member's ids. */
  student: string;
  faculty: string;
  /** A session of Class 10 A held yesterday (with attendance), and the one live now. */
  pastSession: string;
  liveSession: string;
}

interface Listed {
  _id: string;
  title: string;
}

const named = <T extends { title: string }>(rows: T[], title: string): T => {
  const row = rows.find((candidate) => candidate.title === title);
  if (!row) throw new Error(`no '${title}' among ${rows.map((candidate) => candidate.title).join(', ')}`);
  return row;
};

/** Looks the demo rows up as the moderator. */
export async function demoIds(moderator: ApiUser): Promise<DemoIds> {
  const batch = await batchNamed(moderator, 'Class 10 A');
  const { batch_subjects } = await moderator.call<{ batch_subjects: BatchSubjectRow[] }>('/batch-subjects');
  const subject = batch_subjects.find(
    (row) => row.batch_id === batch && row.subject_title === 'Mathematics',
  ) as BatchSubjectRow;
  const { chapters } = await moderator.call<{ chapters: Listed[] }>(
    `/chapters/subject-id/${subject.subject_id}`,
  );
  const chapter = named(chapters, 'Triangles')._id;
  const { topics } = await moderator.call<{ topics: Listed[] }>(`/topics/chapter-id/${chapter}`);
  const exams = async (tab: string) =>
    (await moderator.call<{ assessments: Listed[] }>(`/assessments?when=${tab}&limit=50`)).assessments;
  const assessments = [...(await exams('upcoming')), ...(await exams('previous'))];
  const { students } = await moderator.call<{ students: { _id: string; username: string }[] }>(
    `/batches/${batch}/students?limit=50`,
  );
  const sessions = async (when: string) =>
    (await moderator.call<{ sessions: { _id: string }[] }>(`/online-sessions/batch/${batch}?when=${when}`))
      .sessions;
  return {
    batch,
    subject: subject._id,
    subjectId: subject.subject_id,
    chapter,
    topic: named(topics, 'The Pythagoras theorem')._id,
    liveExam: named(assessments, 'Unit Test: Triangles')._id,
    closedExam: named(assessments, 'Force and Motion Test')._id,
    evaluatedExam: named(assessments, 'Real Numbers Test')._id,
    student: students.find((row) => row.username === 'student')?._id ?? '',
    faculty: (await facultyNamed(moderator, 'Anita Sharma'))._id,
    pastSession: (await sessions('previous'))[0]?._id ?? '',
    liveSession: (await sessions('upcoming'))[0]?._id ?? '',
  };
}
