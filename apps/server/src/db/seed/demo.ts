import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { dayIn, tiptapText } from '@portal/shared';
import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.js';
import { type Storage, storageKeyFor } from '../../lib/storage.js';
import type { Database } from '../client.js';
import {
  assessments,
  batches,
  batchSubjectFaculties,
  batchSubjectStudents,
  batchSubjects,
  chapters,
  doubtResponses,
  doubts,
  examAnswers,
  examAttempts,
  faculties,
  impressions,
  institutions,
  notes,
  onlineSessionAttendance,
  onlineSessionStudents,
  onlineSessions,
  questionOptions,
  questions,
  selfAssessmentResults,
  students,
  studyPlans,
  subjects,
  timeSpent,
  topics,
  uploads,
  users,
} from '../schema/index.js';
import { demoAssessmentRows } from './demo-assessments.js';
import {
  DEMO_CURRICULUM,
  type DemoBatch,
  type DemoFaculty,
  type DemoMedia,
  type DemoTopic,
} from './demo-curriculum.js';
import { type DemoReadable, demoLearningRows } from './demo-learning.js';
import { demoSessionRows } from './demo-sessions.js';

export const DEMO_PASSWORD = 'Demo@12345';

export const DEMO_ACCOUNTS = [
  { username: 'owner', role: 'owner' },
  { username: 'moderator', role: 'moderator' },
  { username: 'faculty', role: 'faculty' },
  { username: 'faculty2', role: 'faculty' },
  { username: 'student', role: 'student' },
  { username: 'student2', role: 'student' },
] as const;

export const DEMO_TIME_ZONE = 'Asia/Kolkata';
/** The demo zone's offset (no daylight saving), for the times of its seeded activity. */
const DEMO_UTC_OFFSET = '+05:30';
/** The institution's logo; like every other demo file it belongs to the demo institution. */
const DEMO_LOGO: DemoMedia = 'greenwood-logo.png';
/** The question paper of the demo examination that is live now. */
const DEMO_QUESTION_PAPER: DemoMedia = 'maths-question-paper.pdf';
/** What the examinees uploaded for the graph questions. */
const DEMO_ANSWER_SHEET: DemoMedia = 'parabola.png';
const BATCHES: DemoBatch[] = ['Class 8 A', 'Class 9 A', 'Class 10 A'];
/** The batches whose study plan is filled for today and the three days before. */
const PLANNED_BATCHES: DemoBatch[] = ['Class 10 A', 'Class 9 A'];
const PLANNED_DAYS = 4;

interface DemoStudent {
  username: string;
  name: string;
  gender: 'male' | 'female';
  batch: DemoBatch;
  dateOfBirth: string;
  fatherName?: string;
  motherName?: string;
}

/** The classmates of `student` and `student2`, and a few students in the other batches. */
const MORE_STUDENTS: [string, 'male' | 'female', DemoBatch][] = [
  ['Kavya Iyer', 'female', 'Class 10 A'],
  ['Rohan Gupta', 'male', 'Class 10 A'],
  ['Ananya Reddy', 'female', 'Class 10 A'],
  ['Vikram Singh', 'male', 'Class 10 A'],
  ['Meera Joshi', 'female', 'Class 10 A'],
  ['Aditya Kulkarni', 'male', 'Class 10 A'],
  ['Sneha Das', 'female', 'Class 10 A'],
  ['Karan Malhotra', 'male', 'Class 10 A'],
  ['Ishita Banerjee', 'female', 'Class 10 A'],
  ['Farhan Qureshi', 'male', 'Class 10 A'],
  ['Diya Menon', 'female', 'Class 9 A'],
  ['Aarav Patel', 'male', 'Class 9 A'],
  ['Nisha Yadav', 'female', 'Class 9 A'],
  ['Siddharth Rao', 'male', 'Class 8 A'],
  ['Tara Fernandes', 'female', 'Class 8 A'],
  ['Manav Chawla', 'male', 'Class 8 A'],
];

const BIRTH_YEAR: Record<DemoBatch, number> = { 'Class 8 A': 2013, 'Class 9 A': 2012, 'Class 10 A': 2011 };

const DEMO_STUDENTS: DemoStudent[] = [
  {
    username: 'student',
    name: 'Priya Nair',
    gender: 'female',
    batch: 'Class 10 A',
    dateOfBirth: '2011-04-12',
    fatherName: 'Suresh Nair',
    motherName: 'Lakshmi Nair',
  },
  {
    username: 'student2',
    name: 'Arjun Mehta',
    gender: 'male',
    batch: 'Class 10 A',
    dateOfBirth: '2011-09-30',
  },
  ...MORE_STUDENTS.map(([name, gender, batch], index) => ({
    username: `student${index + 3}`,
    name,
    gender,
    batch,
    dateOfBirth: `${BIRTH_YEAR[batch]}-${String((index % 12) + 1).padStart(2, '0')}-${String(((index * 7) % 27) + 1).padStart(2, '0')}`,
    fatherName: `${name.split(' ')[1]} Sr.`,
  })),
];

/** The demo student whose reading history, notes and doubts are seeded. */
const READER = DEMO_STUDENTS[0]!;

const DEMO_FACULTY: Record<
  DemoFaculty,
  { name: string; gender: 'male' | 'female'; prn: string; designation: string }
> = {
  faculty: { name: 'Anita Sharma', gender: 'female', prn: 'FAC-001', designation: 'Senior Teacher' },
  faculty2: { name: 'Rahul Verma', gender: 'male', prn: 'FAC-002', designation: 'Teacher' },
};

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) === 0;
}

/** The seed's media files: next to this file in the sources, or under src/ when run from the bundle. */
export function mediaDirectory(): string {
  const candidates = [
    path.join(import.meta.dirname, 'media'),
    path.resolve(import.meta.dirname, '../src/db/seed/media'),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`the demo media folder is missing (looked in ${candidates.join(', ')})`);
  return found;
}

interface StoredMedia {
  key: string;
  url: string;
  filename: string;
  contentType: string;
  size: number;
}

/** Copies every demo media file into storage, under the institution's own folder. */
async function storeMedia(storage: Storage, institutionId: string): Promise<Map<DemoMedia, StoredMedia>> {
  const directory = mediaDirectory();
  // Files only: the default demo videos in demo-videos/ are served from there, not stored per institution.
  const entries = await fs.readdir(directory, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => entry.name) as DemoMedia[];
  const stored = await Promise.all(
    names.map(async (filename) => {
      const body = await fs.readFile(path.join(directory, filename));
      const { key, contentType } = storageKeyFor(`${institutionId}/demo`, filename);
      await storage.save(key, body, contentType);
      return [
        filename,
        { key, url: storage.publicUrl(key), filename, contentType, size: body.length },
      ] as const;
    }),
  );
  return new Map(stored);
}

/** One answer sheet per examinee, stored under the institution's folder as each one's own file. */
async function storeAnswerSheets(
  storage: Storage,
  institutionId: string,
  examinees: { studentId: string; userId: string }[],
): Promise<Map<string, StoredMedia & { userId: string }>> {
  const body = await fs.readFile(path.join(mediaDirectory(), DEMO_ANSWER_SHEET));
  const filename = 'answer-sheet.png';
  const stored = await Promise.all(
    examinees.map(async ({ studentId, userId }) => {
      const { key, contentType } = storageKeyFor(`${institutionId}/answer-sheets`, filename);
      await storage.save(key, body, contentType);
      const sheet = { key, url: storage.publicUrl(key), filename, contentType, size: body.length, userId };
      return [studentId, sheet] as const;
    }),
  );
  return new Map(stored);
}

/** A topic's description as a Tiptap document: its paragraphs, then a bullet list. */
function describe(topic: DemoTopic) {
  const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  return {
    type: 'doc',
    content: [
      ...topic.paragraphs.map(paragraph),
      {
        type: 'bulletList',
        content: topic.bullets.map((item) => ({ type: 'listItem', content: [paragraph(item)] })),
      },
    ],
  };
}

function daysBefore(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - count);
  return date.toISOString().slice(0, 10);
}

export interface SeedDemoOptions {
  /** The seed's "today" (study plans are dated from it); the clock's time by default. */
  now?: Date;
}

/**
 * The demo institution for a first look at the portal (embedded mode only): accounts, three
 * batches with their subjects, chapters and topics (with real media copied into `storage`),
 * faculty and student assignments, and a study plan for today and the three days before.
 */
export async function seedDemo(
  db: Database,
  storage: Storage,
  options: SeedDemoOptions = {},
): Promise<{ institutionId: string }> {
  const now = options.now ?? new Date();
  const academicYear = currentAcademicYear(now);
  const institutionId = randomUUID();
  const [passwordHash, media] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    storeMedia(storage, institutionId),
  ]);
  const url = (name: DemoMedia) => {
    const file = media.get(name);
    if (!file) throw new Error(`demo media ${name} is missing`);
    return file.url;
  };
  // Rows made in one go would share one creation time; spacing them keeps lists in curriculum order.
  let tick = 0;
  const nextCreatedAt = () => new Date(now.getTime() - 3_600_000 + 1000 * tick++);

  await db.transaction(async (tx) => {
    await tx.insert(institutions).values({
      id: institutionId,
      title: 'Greenwood High School',
      academicYear,
      timeZone: DEMO_TIME_ZONE,
      navLogo: url(DEMO_LOGO),
      // No demo videos of its own: every role sees the portal's recording of its screens.
    });
    const batchIds = Object.fromEntries(BATCHES.map((title) => [title, randomUUID()])) as Record<
      DemoBatch,
      string
    >;
    await tx.insert(batches).values(
      BATCHES.map((title) => ({
        id: batchIds[title],
        institutionId,
        title,
        academicYear,
        createdAt: nextCreatedAt(),
      })),
    );

    const account = (username: string, permission: 'owner' | 'moderator' | 'faculty' | 'student') => ({
      id: randomUUID(),
      username,
      passwordHash,
      permission,
      institutionId: permission === 'owner' ? null : institutionId,
      email: permission === 'owner' || permission === 'moderator' ? `${username}@greenwood.example` : null,
    });
    const accounts = [
      ...DEMO_ACCOUNTS.filter((demo) => demo.role !== 'student').map((demo) =>
        account(demo.username, demo.role),
      ),
      ...DEMO_STUDENTS.map((student) => account(student.username, 'student')),
    ];
    await tx.insert(users).values(accounts);
    const userId = (username: string) => accounts.find((row) => row.username === username)!.id;

    const facultyIds = { faculty: randomUUID(), faculty2: randomUUID() } satisfies Record<
      DemoFaculty,
      string
    >;
    await tx.insert(faculties).values(
      (Object.keys(DEMO_FACULTY) as DemoFaculty[]).map((username, index) => ({
        id: facultyIds[username],
        institutionId,
        userId: userId(username),
        name: DEMO_FACULTY[username].name,
        gender: DEMO_FACULTY[username].gender,
        email: [`${username}@greenwood.example`],
        mobile: [`980000000${index + 1}`],
        prn: DEMO_FACULTY[username].prn,
        designation: DEMO_FACULTY[username].designation,
        createdAt: nextCreatedAt(),
      })),
    );

    // The demo's students have been in their batches since the academic year began (June), so the
    // attendance reports count their past days too.
    const termStart = new Date(Date.UTC(Number(academicYear.slice(0, 4)), 5, 1));
    const studentRows = DEMO_STUDENTS.map((student, index) => ({
      id: randomUUID(),
      institutionId,
      userId: userId(student.username),
      batchId: batchIds[student.batch],
      batchJoinedAt: termStart,
      name: student.name,
      gender: student.gender,
      dateOfBirth: student.dateOfBirth,
      admissionYear: academicYear,
      email: [`${student.username}@greenwood.example`],
      mobile: [`99000${String(index + 1).padStart(5, '0')}`],
      prn: `STU-${String(index + 1).padStart(3, '0')}`,
      fatherName: student.fatherName ?? null,
      motherName: student.motherName ?? null,
      createdAt: nextCreatedAt(),
    }));
    await tx.insert(students).values(studentRows);

    await tx.insert(uploads).values(
      [...media.values()].map((file) => ({
        institutionId,
        uploadedBy: userId('moderator'),
        storageKey: file.key,
        publicUrl: file.url,
        filename: file.filename,
        contentType: file.contentType,
        size: file.size,
        kind: file.filename === DEMO_LOGO ? ('logo' as const) : ('content' as const),
      })),
    );

    const subjectRows: (typeof subjects.$inferInsert)[] = [];
    const batchSubjectRows: (typeof batchSubjects.$inferInsert)[] = [];
    const facultyRows: (typeof batchSubjectFaculties.$inferInsert)[] = [];
    const enrolmentRows: (typeof batchSubjectStudents.$inferInsert)[] = [];
    const chapterRows: (typeof chapters.$inferInsert)[] = [];
    const topicRows: (typeof topics.$inferInsert)[] = [];
    /** Per batch: each subject's batch subject and its topics students can see, in order. */
    const plannable = new Map<DemoBatch, { batchSubjectId: string; topicIds: string[] }[]>();
    /** The demo student's batch subjects, for their reading history. */
    const readable: DemoReadable[] = [];
    /** Batch subjects by batch and subject title, for the demo assessments. */
    const batchSubjectIds = new Map<string, string>();

    for (const batch of BATCHES) {
      const forBatch: { batchSubjectId: string; topicIds: string[] }[] = [];
      for (const subject of DEMO_CURRICULUM[batch]) {
        const subjectId = randomUUID();
        const batchSubjectId = randomUUID();
        subjectRows.push({
          id: subjectId,
          institutionId,
          title: subject.title,
          description: subject.description,
          code: subject.code,
          logo: subject.logo,
          createdAt: nextCreatedAt(),
        });
        batchSubjectRows.push({ id: batchSubjectId, institutionId, batchId: batchIds[batch], subjectId });
        batchSubjectIds.set(`${batch}|${subject.title}`, batchSubjectId);
        for (const teacher of subject.faculty)
          facultyRows.push({ batchSubjectId, facultyId: facultyIds[teacher] });
        for (const student of studentRows) {
          if (student.batchId === batchIds[batch])
            enrolmentRows.push({ batchSubjectId, studentId: student.id });
        }
        const author = subject.faculty[0]!;
        const visibleTopicIds: string[] = [];
        const visibleTopics: DemoReadable['topics'] = [];
        for (const [chapterIndex, chapter] of subject.chapters.entries()) {
          const chapterId = randomUUID();
          chapterRows.push({
            id: chapterId,
            institutionId,
            subjectId,
            title: chapter.title,
            description: chapter.description,
            visibility: !chapter.hidden,
            displayOrder: chapterIndex,
            createdAt: nextCreatedAt(),
          });
          for (const topic of chapter.topics) {
            const topicId = randomUUID();
            const wysiwygState = describe(topic);
            topicRows.push({
              id: topicId,
              institutionId,
              chapterId,
              title: topic.title,
              type: topic.type,
              contentUri: url(topic.content),
              wysiwygState,
              descriptionText: tiptapText(wysiwygState),
              authorId: facultyIds[author],
              authorName: DEMO_FACULTY[author].name,
              notes: (topic.notes ?? []).map(url),
              logoUrl: url(topic.type === 'image' ? topic.content : subject.picture),
              createdAt: nextCreatedAt(),
            });
            if (!chapter.hidden) {
              visibleTopicIds.push(topicId);
              visibleTopics.push({ id: topicId, title: topic.title });
            }
          }
        }
        forBatch.push({ batchSubjectId, topicIds: visibleTopicIds });
        if (batch === READER.batch) {
          const teachers = subject.faculty.map((teacher) => ({
            facultyId: facultyIds[teacher],
            userId: userId(teacher),
            name: DEMO_FACULTY[teacher].name,
          }));
          readable.push({ batchSubjectId, topics: visibleTopics, teachers });
        }
      }
      plannable.set(batch, forBatch);
    }

    await tx.insert(subjects).values(subjectRows);
    await tx.insert(batchSubjects).values(batchSubjectRows);
    await tx.insert(batchSubjectFaculties).values(facultyRows);
    await tx.insert(batchSubjectStudents).values(enrolmentRows);
    await tx.insert(chapters).values(chapterRows);
    await tx.insert(topics).values(topicRows);

    // Each planned day takes the next topic of three of the batch's subjects, in turn.
    const today = dayIn(DEMO_TIME_ZONE, now);
    const planRows: (typeof studyPlans.$inferInsert)[] = [];
    for (const batch of PLANNED_BATCHES) {
      const subjectsOfBatch = plannable.get(batch)!;
      for (let dayIndex = 0; dayIndex < PLANNED_DAYS; dayIndex++) {
        const date = daysBefore(today, PLANNED_DAYS - 1 - dayIndex);
        for (let turn = 0; turn < Math.min(3, subjectsOfBatch.length); turn++) {
          const { batchSubjectId, topicIds } = subjectsOfBatch[(dayIndex + turn) % subjectsOfBatch.length]!;
          const topicId = topicIds[dayIndex % topicIds.length];
          if (topicId)
            planRows.push({ institutionId, batchSubjectId, topicId, date, createdAt: nextCreatedAt() });
        }
      }
    }
    await tx.insert(studyPlans).values(planRows).onConflictDoNothing();

    // The demo faculty member's subjects first, so their home has doubts to answer.
    const demoTeacherId = facultyIds.faculty;
    readable.sort(
      (a, b) =>
        Number(b.teachers[0]?.facultyId === demoTeacherId) -
        Number(a.teachers[0]?.facultyId === demoTeacherId),
    );
    const studentIdOf = (username: string) =>
      studentRows[DEMO_STUDENTS.findIndex((s) => s.username === username)]!.id;
    const learning = demoLearningRows({
      institutionId,
      reader: { studentId: studentIdOf(READER.username) },
      classmate: { studentId: studentIdOf('student2') },
      readable,
      plannedToday: new Set(planRows.filter((row) => row.date === today).map((row) => row.topicId)),
      pastDays: [1, 2, 3, 4].map((count) => daysBefore(today, count)),
      at: (day, hour) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00${DEMO_UTC_OFFSET}`),
    });
    await tx.insert(impressions).values(learning.impressions);
    await tx.insert(timeSpent).values(learning.timeSpent);
    await tx.insert(notes).values(learning.notes);
    await tx.insert(doubts).values(learning.doubts);
    await tx.insert(doubtResponses).values(learning.responses);

    const batchSubjectOf = (batch: DemoBatch, subject: string) => {
      const id = batchSubjectIds.get(`${batch}|${subject}`);
      if (!id) throw new Error(`demo batch subject ${subject} of ${batch} is missing`);
      return id;
    };
    const topicIdOf = (title: string) => {
      const found = topicRows.filter((topic) => topic.title === title);
      if (found.length !== 1) throw new Error(`demo topic ${title} is not unique`);
      return found[0]!.id!;
    };
    const name = (username: DemoFaculty) => ({ userId: userId(username), name: DEMO_FACULTY[username].name });
    // Each examinee's answer sheet (a photo of their graph), stored and recorded as their own upload.
    const examinees = DEMO_STUDENTS.filter((student) => student.batch === READER.batch).slice(0, 8);
    const sheets = await storeAnswerSheets(
      storage,
      institutionId,
      examinees.map((student) => ({
        studentId: studentIdOf(student.username),
        userId: userId(student.username),
      })),
    );
    await tx.insert(uploads).values(
      [...sheets.values()].map((sheet) => ({
        institutionId,
        uploadedBy: sheet.userId,
        storageKey: sheet.key,
        publicUrl: sheet.url,
        filename: sheet.filename,
        contentType: sheet.contentType,
        size: sheet.size,
        kind: 'answer_sheet' as const,
      })),
    );
    const assessed = demoAssessmentRows({
      institutionId,
      now,
      batchSubjectOf,
      topicIdOf,
      authors: {
        faculty: name('faculty'),
        faculty2: name('faculty2'),
        moderator: { userId: userId('moderator'), name: 'moderator' },
      },
      paperUrl: url(DEMO_QUESTION_PAPER),
      taker: {
        studentId: studentIdOf(READER.username),
        batchSubjectId: batchSubjectOf(READER.batch, 'Mathematics'),
      },
      examinees: examinees.map((student) => studentIdOf(student.username)),
      answerSheetOf: (studentId) => sheets.get(studentId)!.url,
    });
    await tx.insert(assessments).values(assessed.assessments);
    await tx.insert(questions).values(assessed.questions);
    await tx.insert(questionOptions).values(assessed.options);
    await tx
      .update(topics)
      .set({ selfAssessment: true })
      .where(inArray(topics.id, assessed.selfAssessmentTopicIds));
    await tx.insert(selfAssessmentResults).values(assessed.results);
    await tx.insert(examAttempts).values(assessed.attempts);
    await tx.insert(examAnswers).values(assessed.answers);

    // Live sessions of the demo faculty member in a subject they teach the demo student's batch.
    const taught = readable[0]!;
    const sessions = demoSessionRows({
      institutionId,
      now,
      batchId: batchIds[READER.batch],
      batchSubjectId: taught.batchSubjectId,
      author: { facultyId: facultyIds.faculty, name: DEMO_FACULTY.faculty.name },
      students: DEMO_STUDENTS.filter((student) => student.batch === READER.batch).map((student) =>
        studentIdOf(student.username),
      ),
      dayOf: (at) => dayIn(DEMO_TIME_ZONE, at),
    });
    await tx.insert(onlineSessions).values(sessions.sessions);
    await tx.insert(onlineSessionStudents).values(sessions.selected);
    await tx.insert(onlineSessionAttendance).values(sessions.attendance);
    await tx.insert(timeSpent).values(sessions.timeSpent);
  });
  return { institutionId };
}

/** Academic years start in June: November 2026 is in 2026-27. */
export function currentAcademicYear(today: Date): string {
  const start = today.getUTCMonth() >= 5 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
