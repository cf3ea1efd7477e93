import fs from 'node:fs/promises';
import path from 'node:path';
import { type Assessment, dayIn, tiptapDocSchema } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../lib/storage.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { countQueries } from '../../test/query-count.js';
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
  users,
} from '../schema/index.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

let t: TestApp;
let institutionId: string;
let seedStatements: number;

beforeAll(async () => {
  t = await createTestApp();
  seedStatements = await countQueries(async () => {
    ({ institutionId } = await seedDemo(t.db, createStorage(t.config), { now: t.clock.now() }));
  });
});
afterAll(() => t.close());

const count = (rows: unknown[]) => rows.length;

describe('seedDemo', () => {
  it('seeds in set-based statements, not a statement per row', () => {
    // 32 today for 3 batches, 22 accounts, 67 topics and 8 assessments: a loop of inserts per row
    // would send hundreds. (Its time is measured by the bench, not here: a loaded machine varies.)
    expect(seedStatements).toBeLessThanOrEqual(40);
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

    // The students have been in their batch since the term began: the reports count their past days.
    const moderatorToken = await t.login('moderator', DEMO_PASSWORD);
    const yesterday = dayIn('Asia/Kolkata', new Date(t.clock.now().getTime() - 86_400_000));
    const byBatch = await get(
      `/api/cwx/get-daily-json-attendance-by-batch/institution/${institutionId}/date/${yesterday}`,
      moderatorToken,
    );
    const row = byBatch.result.find((one: { student_name: string }) => one.student_name === 'Priya Nair');
    expect(row?.attendance).toBe('Present');
  });

  it('seeds assessments in every state with every question type, and self assessments one of which is taken', async () => {
    const get = async (url: string, token: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(200);
      return response.json().data;
    };
    const moderator = await t.login('moderator', DEMO_PASSWORD);
    const listed = [
      ...(await get('/api/assessments?when=upcoming', moderator)).assessments,
      ...(await get('/api/assessments?when=previous', moderator)).assessments,
    ] as Assessment[];
    expect(new Set(listed.map((assessment) => assessment.status))).toEqual(
      new Set(['DRAFTED', 'LIVE', 'CLOSED', 'CANCELED', 'EVOLUTED']),
    );
    const now = t.clock.now().getTime();
    const liveNow = listed.filter(
      (assessment) =>
        assessment.status === 'LIVE' &&
        Date.parse(assessment.start_date) <= now &&
        now <= Date.parse(assessment.due_date),
    );
    expect(liveNow.length).toBeGreaterThanOrEqual(1);
    expect(
      listed.some((assessment) => assessment.status === 'LIVE' && Date.parse(assessment.start_date) > now),
    ).toBe(true);
    for (const assessment of listed.filter((row) => row.status !== 'DRAFTED')) {
      const { questions } = await get(`/api/assessment-questions/${assessment._id}/assessment-id`, moderator);
      expect(new Set(questions.map((question: { type: string }) => question.type)), assessment.title).toEqual(
        new Set(['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'BOOLEAN', 'TEXT', 'UPLOAD']),
      );
    }
    const withPaper = liveNow.find((assessment) => assessment.url !== 'noFiles')!;
    expect(withPaper.url).toMatch(/^\/files\/.+\.pdf$/);

    const studentToken = await t.login('student', DEMO_PASSWORD);
    const paper = await t.app.inject({ url: withPaper.url, headers: await t.fileCookie(studentToken) });
    expect(paper.statusCode).toBe(200);
    expect(paper.headers['content-type']).toContain('application/pdf');
    const exams = (await get('/api/users/me/assessments', studentToken)).assessments as Assessment[];
    expect(exams.map((exam) => exam.title)).toContain(withPaper.title);
    expect(exams.every((exam) => exam.status === 'LIVE')).toBe(true);

    // A live exam the student can start, a closed one awaiting `faculty`, an evaluated one with results.
    expect(exams.find((exam) => exam._id === withPaper._id)!.exam_state).toBe('start');
    const facultyToken = await t.login('faculty', DEMO_PASSWORD);
    const pending = (await get('/api/assessment-evaluations?tab=pending', facultyToken))
      .assessments as Assessment[];
    const awaiting = pending.find((assessment) => assessment.status === 'CLOSED')!;
    expect(awaiting.submissions_received).toBeGreaterThanOrEqual(5);
    expect(awaiting.submissions_evoluted).toBe(0);
    const evaluated = (await get('/api/assessment-evaluations?tab=evaluated', facultyToken))
      .assessments as Assessment[];
    expect(evaluated).toHaveLength(1);
    const me = (await get('/api/users/me/assessments?when=previous', studentToken))
      .assessments as Assessment[];
    const withResults = me.find((exam) => exam._id === evaluated[0]!._id)!;
    expect(withResults.exam_state).toBe('submitted');
    const studentId = (
      await t.db
        .select({ id: students.id })
        .from(students)
        .innerJoin(users, eq(users.id, students.userId))
        .where(eq(users.username, 'student'))
    )[0]!.id;
    const { submission } = await get(
      `/api/assessment-submissions/assessment/${withResults._id}/student/${studentId}`,
      studentToken,
    );
    expect(submission.evaluated).toBe(true);
    expect(submission.scored_marks).toBeGreaterThan(0);
    expect(submission.assessor_name).toBeTruthy();
    // Upload answers carry the student's own answer sheet, which the teacher opens.
    const uploaded = submission.answers.find(
      (answer: { question_type: string }) => answer.question_type === 'UPLOAD',
    ) as { file_urls: string[] };
    expect(uploaded.file_urls).toHaveLength(1);
    const sheet = await t.app.inject({
      url: uploaded.file_urls[0]!,
      headers: await t.fileCookie(facultyToken),
    });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('image/png');

    const selfTopics = await t.db
      .select({ id: topics.id, title: topics.title })
      .from(topics)
      .where(and(eq(topics.institutionId, institutionId), eq(topics.selfAssessment, true)));
    expect(selfTopics.length).toBeGreaterThanOrEqual(3);
    const { results } = await get('/api/users/me/self-assessments', studentToken);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      topic_title: 'The Pythagoras theorem',
      scored_point: 2,
      total_point: 3,
    });
    const taken = await get(`/api/self-assessments/topic-id/${results[0].topic_id}`, studentToken);
    expect(taken.questions).toHaveLength(3);
    expect(taken.batch_subject_id).toBe(results[0].batch_subject_id);
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
  it('gives the demo faculty member and student live sessions: yesterday’s attended, one live now, later, next week, a custom one', async () => {
    const faculty = await t.login('faculty', DEMO_PASSWORD);
    const student = await t.login('student', DEMO_PASSWORD);
    const list = async (token: string, when: string) =>
      (
        await t.app.inject({ url: `/api/users/me/online-sessions?when=${when}`, headers: bearer(token) })
      ).json().data;
    const upcoming = await list(faculty, 'upcoming');
    expect(upcoming.counts).toEqual({ upcoming: 4, previous: 1 });
    const live = upcoming.sessions.filter((session: { can_attend: boolean }) => session.can_attend);
    expect(live).toHaveLength(1);
    const custom = upcoming.sessions.find((session: { is_custom: boolean }) => session.is_custom);
    expect(custom.total_students).toBe(3);
    expect((await list(student, 'upcoming')).counts.upcoming).toBe(4);
    const [held] = (await list(faculty, 'previous')).sessions;
    const report = await t.app.inject({
      url: `/api/online-sessions/${held._id}/report`,
      headers: bearer(await t.login('moderator', DEMO_PASSWORD)),
    });
    expect(report.json().data).toMatchObject({ attended: 5 });
    expect(report.json().data.absent).toBeGreaterThan(0);
  });
});
