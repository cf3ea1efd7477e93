import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { eq } from 'drizzle-orm';
import tar from 'tar-stream';
import { afterAll, expect, it } from 'vitest';
import { connectDatabase, runMigrations } from '../db/client.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { examAnswers, examAttempts } from '../db/schema/index.js';
import { createTaughtSubject } from '../test/factories/doubts.js';
import { createLiveExam, uploadAnswerSheet } from '../test/factories/exams.js';
import { enrolStudents } from '../test/factories/subjects.js';
import { bearer, createTestApp } from '../test/harness.js';
import { writeBackup } from './backup.js';
import { restoreBackup } from './restore.js';

/**
 * A backup taken while students save answers restores to a portal holding every answer the portal
 * acknowledged before the backup's database copy ended, and the uploaded sheets those answers name.
 */
const root = path.resolve(
  import.meta.dirname,
  '../../../../.tmp',
  `backup-${randomBytes(4).toString('hex')}`,
);
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await fs.rm(root, { recursive: true, force: true });
});

/** A portal (test harness) on its own embedded cluster in `dataDir`. */
async function portalIn(dataDir: string, password: string, migrate: boolean) {
  const server = await startEmbeddedPostgres({ directory: path.join(dataDir, 'postgres'), password });
  cleanups.push(() => server.stop());
  if (migrate) {
    const database = connectDatabase(server.url, 1);
    await runMigrations(database.db);
    await database.close();
  }
  const t = await createTestApp({ databaseUrl: server.url, dataDir });
  cleanups.push(() => t.close());
  return { server, t };
}

const STUDENTS = 30;
const START = new Date('2026-11-20T10:00:00Z');

interface Ack {
  value: string;
  at: number;
}

it('restores a backup taken during an examination to every acknowledged answer and sheet', async () => {
  const a = path.join(root, 'a');
  const { server, t } = await portalIn(a, 'first-password', true);
  const school = await t.createSchool();
  const maths = await createTaughtSubject(t, {
    institutionId: school.institution.id,
    batchId: school.batch.id,
  });
  const exam = await createLiveExam(t, {
    institutionId: school.institution.id,
    batchSubjectId: maths.batchSubject.id,
    start: START,
    due: new Date(START.getTime() + 3_600_000),
  });
  t.clock.set(new Date(START.getTime() + 60_000));
  const sitters = await Promise.all(
    Array.from({ length: STUDENTS }, async () => {
      const account = await t.createAccount('student', {
        institutionId: school.institution.id,
        batchId: school.batch.id,
      });
      await enrolStudents(t, maths.batchSubject.id, [account.entityId]);
      const token = await t.login(account.username);
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/assessment-attempts',
        headers: bearer(token),
        payload: { assessment_id: exam.assessment.id },
      });
      return { ...account, token, attemptId: started.json().data.attempt._id as string };
    }),
  );
  // Sheets uploaded before the backup, named by saved answers.
  const sheets = new Map<string, string>();
  for (const sitter of sitters.slice(0, 5)) {
    const sheet = await uploadAnswerSheet(t, sitter.token, `${sitter.username}.pdf`);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/assessment-attempts/${sitter.attemptId}/answers/${exam.upload.question.id}`,
      headers: bearer(sitter.token),
      payload: { file_urls: [sheet] },
    });
    expect(saved.statusCode).toBe(200);
    sheets.set(sitter.attemptId, sheet);
  }

  // Every student saves a new text answer one request after another (as one tab does) until told
  // to stop; each acknowledged value is kept with the moment its answer came.
  const acks = new Map<string, Ack[]>();
  let storming = true;
  const storm = sitters.map(async (sitter, index) => {
    let count = 0;
    while (storming) {
      const value = `answer ${index}-${++count}`;
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/assessment-attempts/${sitter.attemptId}/answers/${exam.text.question.id}`,
        headers: bearer(sitter.token),
        payload: { submitted_answer_text: value },
      });
      expect(saved.statusCode).toBe(200);
      const list = acks.get(sitter.attemptId) ?? [];
      list.push({ value, at: performance.now() });
      acks.set(sitter.attemptId, list);
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const archive = path.join(a, 'backups', 'during-exam.tar.gz');
  const backup = await writeBackup({
    databaseUrl: server.url,
    uploadsDirectory: path.join(a, 'uploads'),
    file: archive,
    now: t.clock.now(),
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  storming = false;
  await Promise.all(storm);
  const acknowledgedBefore = [...acks.values()].flat().filter((ack) => ack.at < backup.consistentAt).length;
  const acknowledgedAfter = [...acks.values()].flat().length - acknowledgedBefore;
  // The storm ran on both sides of the copy's end, so the check below means something.
  expect(acknowledgedBefore).toBeGreaterThan(STUDENTS);
  expect(acknowledgedAfter).toBeGreaterThan(0);

  // No secrets in the archive: secrets.json lives in DATA_DIR, outside both folders.
  const names = await archiveNames(archive);
  expect(names.some((name) => name.endsWith('secrets.json'))).toBe(false);
  expect(names).toContain('postgres/backup_label');
  expect(names.filter((name) => name.startsWith('uploads/')).length).toBeGreaterThanOrEqual(5);

  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();

  // Restored into another data folder, whose database password differs.
  const b = path.join(root, 'b');
  await fs.mkdir(b, { recursive: true });
  const restored = await restoreBackup({ archive, dataDir: b, password: 'second-password', now: new Date() });
  expect(restored.manifest.uploads).toBe('included');
  const after = await portalIn(b, 'second-password', false);

  const rows = await after.t.db
    .select({ attemptId: examAnswers.attemptId, text: examAnswers.answerText })
    .from(examAnswers)
    .where(eq(examAnswers.questionId, exam.text.question.id));
  const stored = new Map(rows.map((row) => [row.attemptId, row.text]));
  for (const sitter of sitters) {
    const list = acks.get(sitter.attemptId) ?? [];
    const lastBefore = list.filter((ack) => ack.at < backup.consistentAt).length - 1;
    if (lastBefore < 0) continue;
    // The answer acknowledged last before the copy's end, or one saved after it.
    const allowed = list.slice(lastBefore).map((ack) => ack.value);
    expect(allowed).toContain(stored.get(sitter.attemptId));
  }
  expect(await after.t.db.$count(examAttempts)).toBe(STUDENTS);

  // The portal reads them: the student's sheet of answers and the uploaded file itself.
  for (const sitter of sitters.slice(0, 5)) {
    const token = await after.t.login(sitter.username);
    const sheet = await after.t.app.inject({
      url: `/api/assessment-attempts/${sitter.attemptId}`,
      headers: bearer(token),
    });
    expect(sheet.statusCode).toBe(200);
    const answers = sheet.json().data.answers as { question_id: string; submitted_answer_text: string }[];
    const text = answers.find((answer) => answer.question_id === exam.text.question.id);
    expect(text?.submitted_answer_text).toBe(stored.get(sitter.attemptId));
    const file = await after.t.app.inject({
      url: sheets.get(sitter.attemptId)!,
      headers: await after.t.fileCookie(token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('%PDF-1.4 answer sheet');
  }
}, 120_000);

async function archiveNames(file: string): Promise<string[]> {
  const extract = tar.extract();
  createReadStream(file).pipe(createGunzip()).pipe(extract);
  const names: string[] = [];
  for await (const entry of extract) {
    names.push(entry.header.name);
    entry.resume();
  }
  return names;
}
