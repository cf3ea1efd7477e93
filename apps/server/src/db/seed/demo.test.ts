import fs from 'node:fs/promises';
import path from 'node:path';
import { tiptapDocSchema } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../lib/institution-day.js';
import { createStorage } from '../../lib/storage.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import {
  batches,
  batchSubjectFaculties,
  batchSubjectStudents,
  batchSubjects,
  chapters,
  institutions,
  students,
  studyPlans,
  subjects,
  topics,
  uploads,
} from '../schema/index.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

let t: TestApp;
let institutionId: string;
let seedMilliseconds: number;

beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  ({ institutionId } = await seedDemo(t.db, createStorage(t.config), { now: t.clock.now() }));
  seedMilliseconds = performance.now() - started;
});
afterAll(() => t.close());

const count = (rows: unknown[]) => rows.length;

describe('seedDemo', () => {
  it('seeds quickly', () => {
    expect(seedMilliseconds).toBeLessThan(3000);
  });

  it('gives each batch 3-4 subjects with logos, 2-3 chapters each (one hidden) and 3-5 topics per chapter', async () => {
    const batchRows = await t.db.select().from(batches).where(eq(batches.institutionId, institutionId));
    expect(batchRows.map((batch) => batch.title).sort()).toEqual(['Class 10 A', 'Class 8 A', 'Class 9 A']);

    const perBatch = await t.db
      .select({ batchId: batchSubjects.batchId, count: sql<number>`count(*)::int` })
      .from(batchSubjects)
      .where(eq(batchSubjects.institutionId, institutionId))
      .groupBy(batchSubjects.batchId);
    expect(perBatch).toHaveLength(3);
    for (const row of perBatch) expect(row.count).toBeGreaterThanOrEqual(3);
    for (const row of perBatch) expect(row.count).toBeLessThanOrEqual(4);

    const subjectRows = await t.db.select().from(subjects).where(eq(subjects.institutionId, institutionId));
    expect(subjectRows.every((subject) => subject.logo !== 'others')).toBe(true);

    const chapterRows = await t.db.select().from(chapters).where(eq(chapters.institutionId, institutionId));
    for (const subject of subjectRows) {
      const own = chapterRows.filter((chapter) => chapter.subjectId === subject.id);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(3);
    }
    expect(chapterRows.filter((chapter) => !chapter.visibility)).toHaveLength(1);
    expect(chapterRows.every((chapter) => chapter.description.length > 0)).toBe(true);

    const topicRows = await t.db.select().from(topics).where(eq(topics.institutionId, institutionId));
    for (const chapter of chapterRows) {
      const own = topicRows.filter((topic) => topic.chapterId === chapter.id);
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(5);
    }
    expect(new Set(topicRows.map((topic) => topic.type))).toEqual(new Set(['image', 'audio', 'video']));
    expect(topicRows.every((topic) => topic.authorId && topic.authorName)).toBe(true);
    expect(topicRows.filter((topic) => topic.notes.length > 0).length).toBeGreaterThanOrEqual(3);
    for (const topic of topicRows) {
      const blocks = (topic.wysiwygState as { content: { type: string }[] }).content.map(
        (block) => block.type,
      );
      expect(blocks).toContain('paragraph');
      expect(blocks).toContain('bulletList');
      expect(topic.descriptionText.split(/\s+/).length).toBeGreaterThan(20);
    }
  });

  it('writes descriptions the editor opens (the shared rich-text schema accepts them)', async () => {
    const topicRows = await t.db.select().from(topics).where(eq(topics.institutionId, institutionId));
    for (const topic of topicRows) {
      expect(tiptapDocSchema.safeParse(topic.wysiwygState).error?.issues, topic.title).toBeUndefined();
    }
  });

  it('assigns both demo faculty members and every student to their batch subjects', async () => {
    const teaching = await t.db
      .select({ facultyId: batchSubjectFaculties.facultyId, count: sql<number>`count(*)::int` })
      .from(batchSubjectFaculties)
      .groupBy(batchSubjectFaculties.facultyId);
    expect(teaching).toHaveLength(2);
    for (const row of teaching) expect(row.count).toBeGreaterThanOrEqual(3);

    const [tenthA] = await t.db
      .select()
      .from(batches)
      .where(and(eq(batches.institutionId, institutionId), eq(batches.title, 'Class 10 A')));
    const classmates = await t.db.select().from(students).where(eq(students.batchId, tenthA!.id));
    expect(classmates.length).toBeGreaterThanOrEqual(12);
    const studentCounts = await t.db
      .select({ studentId: batchSubjectStudents.studentId, count: sql<number>`count(*)::int` })
      .from(batchSubjectStudents)
      .innerJoin(batchSubjects, eq(batchSubjects.id, batchSubjectStudents.batchSubjectId))
      .where(eq(batchSubjects.batchId, tenthA!.id))
      .groupBy(batchSubjectStudents.studentId);
    expect(count(studentCounts)).toBe(classmates.length);
    const allStudents = await t.db.select().from(students).where(eq(students.institutionId, institutionId));
    expect(new Set(allStudents.map((student) => student.batchId)).size).toBe(3);
  });

  it('plans today and the three days before, in the institution’s time zone, for two batches', async () => {
    const plans = await t.db
      .select({ date: studyPlans.date, batchId: batchSubjects.batchId })
      .from(studyPlans)
      .innerJoin(batchSubjects, eq(batchSubjects.id, studyPlans.batchSubjectId))
      .where(eq(studyPlans.institutionId, institutionId));
    expect([...new Set(plans.map((plan) => plan.date))].sort()).toEqual([
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(new Set(plans.map((plan) => plan.batchId)).size).toBe(2);

    const token = await t.login('student', DEMO_PASSWORD);
    const today = await t.app.inject({
      url: '/api/users/me/studyplans/daily/2026-11-20',
      headers: bearer(token),
    });
    expect(today.statusCode).toBe(200);
    expect(today.json().data.study_plans.length).toBeGreaterThanOrEqual(3);
    expect(today.json().data.study_plans.every((plan: { visibility: boolean }) => plan.visibility)).toBe(
      true,
    );
  });

  it('gives the demo student a reading history, notes and answered doubts, seen through the API', async () => {
    const studentToken = await t.login('student', DEMO_PASSWORD);
    const get = async (url: string, token = studentToken) => {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(200);
      return response.json().data;
    };
    const { batch_subjects: own } = await get('/api/users/me/batch-subjects');
    const progress = await Promise.all(
      own.map((subject: { _id: string }) => get(`/api/users/me/chapters/batch-subject/${subject._id}`)),
    );
    const read = progress
      .flatMap((list) => list.chapters)
      .reduce((sum, chapter) => sum + chapter.read_topic_count, 0);
    expect(read).toBe(5);
    expect((await get('/api/users/me/last-visited')).last_visited_topics).toHaveLength(5);
    expect((await get('/api/users/me/pending-items')).pending_items.length).toBeGreaterThan(0);
    const today = dayIn('Asia/Kolkata', t.clock.now());
    const plan = (await get(`/api/users/me/studyplans/daily/${today}`)).study_plans;
    expect(plan.some((entry: { viewed: boolean }) => !entry.viewed)).toBe(true);
    expect((await get('/api/users/me/notes')).notes).toHaveLength(2);

    const facultyToken = await t.login('faculty', DEMO_PASSWORD);
    const taught = (await get('/api/users/me/batch-subjects', facultyToken)).batch_subjects;
    expect(taught.length).toBeGreaterThanOrEqual(3);
    const { students: taughtStudents } = await get('/api/users/me/students', facultyToken);
    expect(taughtStudents.length).toBeGreaterThan(0);

    // Doubts: two of the student's own (one answered by their teacher) and a classmate's, answered.
    const ownDoubts = (await get('/api/users/me/doubts')).doubts;
    expect(ownDoubts.map((doubt: { answered: boolean }) => doubt.answered).sort()).toEqual([false, true]);
    const seen = (await get('/api/doubts')).doubts;
    expect(seen.map((doubt: { author_name: string }) => doubt.author_name).sort()).toEqual([
      'Anonymous',
      'You',
      'You',
    ]);
    const replied = (await get('/api/doubts?status=replied', facultyToken)).doubts;
    expect(replied.length).toBeGreaterThanOrEqual(1);
    expect(replied[0].responses[0]).toMatchObject({ author_role: 'faculty', author_name: 'Anita Sharma' });
    expect((await get('/api/doubts?status=new', facultyToken)).doubts.length).toBeGreaterThanOrEqual(1);
  });

  it('counts days in Asia/Kolkata', () => {
    expect(dayIn('Asia/Kolkata', new Date('2026-11-20T18:29:00Z'))).toBe('2026-11-20');
    expect(dayIn('Asia/Kolkata', new Date('2026-11-20T18:31:00Z'))).toBe('2026-11-21');
  });

  it("stores every file it links to, as the institution's, and serves it to its signed-in users only", async () => {
    const [institution] = await t.db.select().from(institutions).where(eq(institutions.id, institutionId));
    const topicRows = await t.db.select().from(topics).where(eq(topics.institutionId, institutionId));
    const links = new Set<string>([
      institution!.navLogo,
      ...Object.values(institution!.demoVideos).filter((link): link is string => Boolean(link)),
      ...topicRows.flatMap((topic) => [topic.contentUri, ...topic.notes, topic.logoUrl ?? '']),
    ]);
    links.delete('');
    expect([...links].every((link) => link.startsWith('/files/'))).toBe(true);
    const recorded = await t.db.select().from(uploads).where(eq(uploads.institutionId, institutionId));
    const recordedUrls = new Set(recorded.map((upload) => upload.publicUrl));
    const storedFiles = path.join(t.config.dataDir, 'uploads');
    const student = await t.fileCookie(await t.login('student', DEMO_PASSWORD));
    for (const link of links) {
      expect(recordedUrls.has(link), link).toBe(true);
      const upload = recorded.find((row) => row.publicUrl === link)!;
      const stat = await fs.stat(path.join(storedFiles, upload.storageKey));
      expect(stat.size).toBe(upload.size);
      expect((await t.app.inject({ url: link })).statusCode, link).toBe(401);
      const served = await t.app.inject({ url: link, headers: student });
      expect(served.statusCode, link).toBe(200);
      expect(served.headers['content-type']).toContain(upload.contentType.split(';')[0]);
      expect(served.rawPayload.length).toBe(upload.size);
    }
    expect(links.size).toBeGreaterThanOrEqual(15);
    // The owner lists institutions with their logos.
    const owner = await t.fileCookie(await t.login('owner', DEMO_PASSWORD));
    expect((await t.app.inject({ url: institution!.navLogo, headers: owner })).statusCode).toBe(200);
  });
});
