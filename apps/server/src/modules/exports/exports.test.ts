import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo.js';
import { createStorage } from '../../lib/storage.js';
import { createOwner } from '../../test/factories/institutions.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { EXPORT_FILES } from './export-files.js';

/**
 * The institution export (issue 28): a moderator's or owner's zip of CSV files, built in the
 * background, re-read here and compared with what the API answers for the demo school.
 */
let t: TestApp;
let institutionId: string;
let moderator: string;
let files: Map<string, string>;

type Row = Record<string, string>;
const csv = (name: string): Row[] => parse(files.get(name)!, { bom: true, columns: true }) as Row[];

const get = async (url: string, token = moderator) => {
  const response = await t.app.inject({ url, headers: bearer(token) });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json().data;
};

/** Every page of a paged list (`?limit=&cursor=`), under its list's name. */
async function allPages<T>(url: string, list: string): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const join = url.includes('?') ? '&' : '?';
    const data = await get(`${url}${join}limit=200${cursor ? `&cursor=${cursor}` : ''}`);
    rows.push(...(data[list] as T[]));
    cursor = data.page?.next_cursor ?? null;
  } while (cursor);
  return rows;
}

function unzip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function waitUntilDone(exportId: string, token = moderator, institution = institutionId) {
  const seen: number[] = [];
  for (let tries = 0; tries < 300; tries++) {
    const { export: job } = await get(`/api/institutions/${institution}/exports/${exportId}`, token);
    seen.push(job.progress);
    if (job.status === 'done' || job.status === 'failed') return { job, seen };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export did not finish');
}

beforeAll(async () => {
  t = await createTestApp();
  ({ institutionId } = await seedDemo(t.db, createStorage(t.config), { now: t.clock.now() }));
  moderator = await t.login('moderator', DEMO_PASSWORD);
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/institutions/${institutionId}/exports`,
    headers: bearer(moderator),
  });
  expect(started.statusCode).toBe(201);
  const { job } = await waitUntilDone(started.json().data.export._id);
  expect(job).toMatchObject({ status: 'done', progress: 100, files_done: EXPORT_FILES.length });
  const download = await t.app.inject({
    url: `/api/institutions/${institutionId}/exports/${job._id}/download`,
    headers: bearer(moderator),
  });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('application/zip');
  expect(download.headers['content-disposition']).toMatch(
    /^attachment; filename="greenwood-high-school-export-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  files = await unzip(download.rawPayload);
}, 60_000);
afterAll(() => t.close());

describe('the institution export of the demo school', () => {
  it('holds every file with the manifest, and no password hash or secret', () => {
    expect([...files.keys()].sort()).toEqual(
      [...EXPORT_FILES.map((file) => file.name), 'manifest.json'].sort(),
    );
    const manifest = JSON.parse(files.get('manifest.json')!);
    for (const file of manifest.files) expect(csv(file.name)).toHaveLength(file.rows);
    const everything = [...files.values()].join('\n');
    expect(everything).not.toMatch(/\$argon2/);
    for (const name of files.keys()) {
      if (name.endsWith('.csv')) {
        expect(files.get(name)!.split('\n')[0]).not.toMatch(/password|hash|secret|otp|token/i);
        // Excel reads Devanagari, Tamil and Bengali names right only after a byte-order mark.
        expect(files.get(name), name).toMatch(/^\uFEFF[a-z_]+,/);
      }
    }
  });

  it('has the batches, students and faculty the API lists', async () => {
    const { batches } = await get('/api/batches');
    expect(
      csv('batches.csv')
        .map((row) => row.title)
        .sort(),
    ).toEqual(batches.map((batch: { title: string }) => batch.title).sort());
    for (const batch of batches as { _id: string }[]) {
      const listed = await allPages<{ name: string }>(`/api/batches/${batch._id}/students`, 'students');
      const exported = csv('students.csv').filter(
        (row) => row.batch_id === batch._id && row.archived === 'false',
      );
      expect(exported.map((row) => row.name).sort()).toEqual(listed.map((student) => student.name).sort());
    }
    const faculty = await allPages<{ name: string }>('/api/faculties', 'faculties');
    expect(
      csv('faculty.csv')
        .filter((row) => row.archived === 'false')
        .map((row) => row.name)
        .sort(),
    ).toEqual(faculty.map((member) => member.name).sort());
  });

  it('has the doubts with their replies, and the notes of the student', async () => {
    const doubts = await allPages<{ _id: string; doubt_text: string; response_count: number }>(
      '/api/doubts',
      'doubts',
    );
    const exported = csv('doubts.csv');
    expect(exported.map((row) => row.id).sort()).toEqual(doubts.map((doubt) => doubt._id).sort());
    for (const doubt of doubts) {
      expect(exported.find((row) => row.id === doubt._id)?.doubt_text).toBe(doubt.doubt_text);
    }
    const replies = csv('doubt_replies.csv');
    expect(replies.length).toBeGreaterThanOrEqual(
      doubts.reduce((sum, doubt) => sum + doubt.response_count, 0),
    );
    const student = await t.login('student', DEMO_PASSWORD);
    const notes = (
      await t.app.inject({ url: '/api/users/me/notes?limit=200', headers: bearer(student) })
    ).json().data;
    const texts = (notes.notes as { note_text: string }[]).map((note) => note.note_text);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(csv('notes.csv').map((row) => row.note_text)).toContain(text);
  });

  it("has each evaluated examination's results as the marks report gives them", async () => {
    const assessments = csv('assessments.csv');
    const evaluated = assessments.filter((row) => row.status === 'EVOLUTED');
    expect(evaluated.length).toBeGreaterThan(0);
    for (const assessment of evaluated) {
      const report = await get(`/api/assessment-submissions/marks/${assessment.id}`);
      const results = csv('exam_results.csv').filter((row) => row.assessment_id === assessment.id);
      const submitted = results.filter((row) => row.submitted_at !== '');
      expect(submitted).toHaveLength(report.rows.length);
      for (const row of report.rows as { student_id: string; scored: number }[]) {
        const result = submitted.find((entry) => entry.student_id === row.student_id);
        expect(Number(result?.scored)).toBe(row.scored);
        expect(Number(result?.total_marks)).toBe(report.total_marks);
      }
    }
  });

  it("has every live session's attendance as its report gives it", async () => {
    const sessions = csv('online_sessions.csv');
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) {
      const report = await get(`/api/online-sessions/${session.id}/report`);
      const attended = csv('session_attendance.csv').filter((row) => row.session_id === session.id);
      const fromReport = (report.students as { student_id: string; attendance: string }[])
        .filter((student) => student.attendance === 'Attended')
        .map((student) => student.student_id)
        .sort();
      expect(attended.map((row) => row.student_id).sort()).toEqual(fromReport);
    }
  });

  it('has the content: chapters and topics as the API reads them', async () => {
    const chapters = csv('chapters.csv');
    const subjectId = chapters[0]!.subject_id;
    const listed = await get(`/api/chapters/subject-id/${subjectId}`);
    const titles = (listed.chapters as { title: string }[]).map((chapter) => chapter.title).sort();
    expect(
      chapters
        .filter((row) => row.subject_id === subjectId)
        .map((row) => row.title)
        .sort(),
    ).toEqual(titles);
    const topics = csv('topics.csv');
    const chapterId = chapters[0]!.id;
    const topicList = await get(`/api/topics/chapter-id/${chapterId}`);
    expect(
      topics
        .filter((row) => row.chapter_id === chapterId)
        .map((row) => row.title)
        .sort(),
    ).toEqual((topicList.topics as { title: string }[]).map((topic) => topic.title).sort());
  });
});

describe('who may export', () => {
  it('lets an owner export any institution, and gives a moderator only their own', async () => {
    const owner = await createOwner(t);
    const other = await t.createSchool();
    const asOwner = await t.app.inject({
      method: 'POST',
      url: `/api/institutions/${other.institution.id}/exports`,
      headers: bearer(owner.token),
    });
    expect(asOwner.statusCode).toBe(201);
    // Asked again while it is queued or running: the same export.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/institutions/${other.institution.id}/exports`,
      headers: bearer(owner.token),
    });
    if (again.statusCode === 200) expect(again.json().data.export._id).toBe(asOwner.json().data.export._id);
    else expect(again.statusCode).toBe(201);
    const { job } = await waitUntilDone(asOwner.json().data.export._id, owner.token, other.institution.id);
    expect(job.status).toBe('done');

    const otherModerator = other.tokens.moderator;
    for (const [method, url] of [
      ['POST', `/api/institutions/${institutionId}/exports`],
      ['GET', `/api/institutions/${institutionId}/exports`],
      ['GET', `/api/institutions/${institutionId}/exports/${job._id}`],
      ['GET', `/api/institutions/${institutionId}/exports/${job._id}/download`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: bearer(otherModerator) })).statusCode).toBe(404);
    }
    for (const role of ['faculty', 'student'] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/institutions/${other.institution.id}/exports`,
        headers: bearer(other.tokens[role]),
      });
      expect(response.statusCode).toBe(403);
    }
    const listed = await get(`/api/institutions/${other.institution.id}/exports`, otherModerator);
    expect(listed.exports.map((entry: { _id: string }) => entry._id)).toContain(job._id);
  });
});
