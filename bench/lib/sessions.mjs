// Signed-in accounts for the load, obtained BEFORE it through the real sign-in (a few at a time,
// since each costs an argon2 verification), and kept in bench/.data/sessions.json while their
// tokens are valid. With each student, the ids their pages use.
import fs from 'node:fs/promises';
import path from 'node:path';
import { connectStormDatabase, tokensFor } from './exam-storm-data.mjs';
import { DATA } from './options.mjs';

const FILE = path.join(DATA, 'sessions.json');
export const SCALE_PASSWORD = 'Scale@12345';
const pad = (number, width) => String(number).padStart(width, '0');
export const studentName = (number) => `scale-student-${pad(number, 4)}`;
export const facultyName = (number) => `scale-faculty-${pad(number, 3)}`;
const FACULTY = 200;
const SIGN_IN_CONCURRENCY = 8;

async function call(url, path, { token, body } = {}) {
  const response = await fetch(`${url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body && { 'content-type': 'application/json' }),
    },
    body: body && JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()).data;
}

export async function signIn(url, username) {
  const data = await call(url, '/api/auth/login', { body: { username, password: SCALE_PASSWORD } });
  return data.jwt;
}

/** Runs `work` over `items`, `limit` at a time. */
export async function bounded(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

const expiresAt = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).exp * 1000;

/** Per batch: its batch subjects, each with its first visible chapters and their first topics. */
async function catalogueOf(url, token) {
  const batchSubjects = (await call(url, '/api/users/me/batch-subjects', { token })).batch_subjects;
  return Promise.all(
    batchSubjects.map(async (batchSubject) => {
      const chapters = (await call(url, `/api/chapters/subject-id/${batchSubject.subject_id}`, { token }))
        .chapters;
      const withTopics = await Promise.all(
        chapters.slice(0, 4).map(async (chapter) => {
          const topics = (await call(url, `/api/topics/chapter-id/${chapter._id}`, { token })).topics;
          return { chapterId: chapter._id, topicIds: topics.slice(0, 3).map((topic) => topic._id) };
        }),
      );
      return { batchSubjectId: batchSubject._id, subjectId: batchSubject.subject_id, chapters: withTopics };
    }),
  );
}

async function signInEveryone(url, studentCount) {
  const started = performance.now();
  const numbers = Array.from({ length: studentCount }, (_, index) => index + 1);
  const students = await bounded(numbers, SIGN_IN_CONCURRENCY, async (number) => {
    const username = studentName(number);
    const jwt = await signIn(url, username);
    const [first] = (await call(url, '/api/users/me/batch-subjects', { token: jwt })).batch_subjects;
    return { username, jwt, batchId: first.batch_id };
  });
  const faculty = await bounded(
    Array.from({ length: FACULTY }, (_, index) => facultyName(index + 1)),
    SIGN_IN_CONCURRENCY,
    async (username) => ({ username, jwt: await signIn(url, username) }),
  );
  const moderator = { username: 'scale-moderator', jwt: await signIn(url, 'scale-moderator') };
  const catalogue = {};
  for (const student of students) {
    catalogue[student.batchId] ??= await catalogueOf(url, student.jwt);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Signed in ${students.length} students, ${faculty.length} faculty and the moderator in ${seconds.toFixed(0)} s`,
  );
  return { students, faculty, moderator, catalogue, signInSeconds: seconds };
}

/** The sessions of bench/.data/sessions.json while valid for another hour, else fresh ones. */
export async function obtainSessions(url, studentCount) {
  const cached = await fs
    .readFile(FILE, 'utf8')
    .then(JSON.parse)
    .catch(() => null);
  if (cached && cached.students.length >= studentCount) {
    const valid =
      expiresAt(cached.students[0].jwt) > Date.now() + 3_600_000 &&
      (await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${cached.students[0].jwt}` } }))
        .ok;
    if (valid) {
      console.log(
        `Sessions: reusing ${cached.students.length} student tokens from bench/.data/sessions.json`,
      );
      return { ...cached, students: cached.students.slice(0, studentCount) };
    }
  }
  const sessions = await signInEveryone(url, studentCount);
  await fs.writeFile(FILE, JSON.stringify(sessions), { mode: 0o600 });
  return sessions;
}

/**
 * Tokens for the first `count` scale students of the data folder the running portal serves,
 * signed as its sign-in signs them (see `tokensFor`) instead of `count` argon2 sign-ins: the
 * students signed in earlier in the day. The portal still checks each one (signature, expiry,
 * account, token version) when its stream opens.
 */
export async function mintedStudentTokens(dataDir, count) {
  const db = await connectStormDatabase(dataDir);
  try {
    const { rows } = await db.query(
      `select u.id as user_id, u.token_version, u.username
       from students s join users u on u.id = s.user_id
       where u.username like 'scale-student-%' and s.archived_at is null
       order by u.username limit $1`,
      [count],
    );
    return { usernames: rows.map((row) => row.username), tokens: await tokensFor(rows, dataDir) };
  } finally {
    await db.end();
  }
}
