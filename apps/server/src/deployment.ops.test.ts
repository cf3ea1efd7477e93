import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, runMigrations } from './db/client.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.js';
import { BUILT_SERVER, type Process, startNginx, startPortalProcess } from './test/deployment.js';
import { openEventStream } from './test/event-stream.js';
import { createTaughtSubject } from './test/factories/doubts.js';
import { createLiveExam } from './test/factories/exams.js';
import { enrolStudents } from './test/factories/subjects.js';
import { createTestApp, type TestApp } from './test/harness.js';

/**
 * README's deployment, tested: portal instances of the built server behind Debian's nginx, one
 * PostgreSQL, one shared file storage, and an examination storm through nginx: every student starts,
 * loads the paper, saves answers and submits, while students' event streams stay open through the
 * proxy and receive an announcement. 0 errors, every acknowledged answer and submission in the
 * database, both instances serving. CI runs a small storm; `OPS_STORM_STUDENTS`,
 * `OPS_STORM_INSTANCES` and `OPS_STORM_SECONDS` (answering) make the bigger run of README's figures.
 */
const STUDENTS = Number(process.env.OPS_STORM_STUDENTS ?? 200);
const INSTANCES = Number(process.env.OPS_STORM_INSTANCES ?? 2);
const ANSWERING_S = Number(process.env.OPS_STORM_SECONDS ?? 12);
const START_S = 4;
const SAVE_EVERY_S = 4;
const END_S = 4;
const STREAMS = 20;
const THROUGHPUT_S = Number(process.env.OPS_THROUGHPUT_SECONDS ?? 0);
const SECRET = randomBytes(32).toString('hex');

const root = path.resolve(
  import.meta.dirname,
  '../../../.tmp',
  `deployment-${randomBytes(4).toString('hex')}`,
);
let database: EmbeddedDatabase;
let t: TestApp;
const portals: Process[] = [];
let nginx: Process;

interface Sitter {
  studentId: string;
  token: string;
  attemptId?: string;
  answers: Map<string, Body>;
  chain: Promise<unknown>;
}
interface Body {
  submitted_answer_ids: string[];
  submitted_answer_text: string | null;
}

let exam: Awaited<ReturnType<typeof createLiveExam>>;
let batchSubjectId: string;
let sitters: Sitter[];
let moderatorToken: string;

beforeAll(async () => {
  await fs.access(BUILT_SERVER).catch(() => {
    throw new Error('npm run build first: the deployment test runs the built server');
  });
  database = await startEmbeddedPostgres({ directory: path.join(root, 'postgres'), password: 'deployment' });
  const migrating = connectDatabase(database.url, 1);
  await runMigrations(migrating.db);
  await migrating.close();
  const shared = path.join(root, 'data');
  t = await createTestApp({ databaseUrl: database.url, dataDir: shared });

  // A school whose one batch sits one examination, open from a minute ago for an hour.
  const school = await t.createSchool();
  const taught = await createTaughtSubject(t, {
    institutionId: school.institution.id,
    batchId: school.batch.id,
  });
  batchSubjectId = taught.batchSubject.id;
  const now = Date.now();
  exam = await createLiveExam(t, {
    institutionId: school.institution.id,
    batchSubjectId,
    start: new Date(now - 60_000),
    due: new Date(now + 3_600_000),
  });
  const sign = createSigner({ key: SECRET, expiresIn: 12 * 3_600_000 });
  const accounts = [];
  for (let i = 0; i < STUDENTS; i += 50) {
    accounts.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, STUDENTS - i) }, () =>
          t.createAccount('student', { institutionId: school.institution.id, batchId: school.batch.id }),
        ),
      )),
    );
  }
  await enrolStudents(
    t,
    batchSubjectId,
    accounts.map((account) => account.entityId),
  );
  sitters = accounts.map((account) => ({
    studentId: account.entityId,
    token: sign({ sub: account.user.id, tv: 0 }),
    answers: new Map(),
    chain: Promise.resolve(),
  }));
  moderatorToken = sign({ sub: school.accounts.moderator.user.id, tv: 0 });

  const env = {
    DATABASE_URL: database.url,
    JWT_SECRET: SECRET,
    DATA_DIR: shared,
    TRUST_PROXY: '127.0.0.1',
    SEED_DEMO: 'no',
    LOG_LEVEL: 'warn',
    DATABASE_POOL_SIZE: '10',
  };
  // Started together: they take turns to migrate (nothing to do here), then both serve.
  portals.push(...(await Promise.all(Array.from({ length: INSTANCES }, () => startPortalProcess(env)))));
  nginx = await startNginx(
    path.join(root, 'nginx'),
    portals.map((portal) => portal.port),
  );
}, 300_000);

afterAll(async () => {
  agent.destroy();
  await nginx?.stop();
  await Promise.all(portals.map((portal) => portal.stop()));
  await t?.close();
  await database?.stop();
  await fs.rm(root, { recursive: true, force: true });
});

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

interface Answer {
  status: number;
  body: { data?: Record<string, unknown> } | null;
  upstream: string;
}

function call(method: string, url: string, token: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: nginx.port,
        method,
        path: url,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({
            status: response.statusCode ?? 0,
            body: json,
            upstream: String(response.headers['x-upstream']),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]! : 0;
};

it('runs an examination storm through nginx to the instances: 0 errors, nothing lost, streams delivered', async () => {
  const phases = { start: [] as number[], answering: [] as number[], end: [] as number[] };
  const errors: string[] = [];
  const upstreams = new Map<string, number>();
  const acknowledged = new Map<string, Body>();
  const submitted = new Set<string>();

  /** One request due at `dueAt` (latency counts from then), kept in its phase's figures. */
  async function send(
    phase: keyof typeof phases,
    dueAt: number,
    method: string,
    url: string,
    token: string,
    body?: unknown,
  ) {
    const answer = await call(method, url, token, body).catch((error: Error) => ({
      status: 0,
      body: null,
      upstream: error.message,
    }));
    phases[phase].push(Date.now() - dueAt);
    upstreams.set(answer.upstream, (upstreams.get(answer.upstream) ?? 0) + 1);
    if (answer.status < 200 || answer.status >= 300) {
      errors.push(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return null;
    }
    return answer;
  }
  const at = (when: number, work: () => Promise<unknown>) =>
    new Promise((resolve) => setTimeout(() => resolve(work()), Math.max(0, when - Date.now())));
  const inTurn = (sitter: Sitter, work: () => Promise<unknown>) => {
    sitter.chain = sitter.chain.then(work);
    return sitter.chain;
  };

  // Students waiting on the Examinations tab with their event streams open, through nginx.
  const base = `http://127.0.0.1:${nginx.port}`;
  const streams = await Promise.all(
    sitters.slice(0, STREAMS).map((sitter) => openEventStream(base, sitter.token)),
  );
  await Promise.all(streams.map((stream) => stream.waitFor((event) => event.event === 'ready', 10_000)));

  const questions = [exam.single, exam.multiple, exam.boolean, exam.text];
  const t0 = Date.now() + 500;
  const answeringAt = t0 + START_S * 1000;
  const endAt = answeringAt + ANSWERING_S * 1000;
  const work: Promise<unknown>[] = [];
  sitters.forEach((sitter, index) => {
    const startAt = t0 + (index / sitters.length) * START_S * 1000;
    work.push(
      at(startAt, () =>
        inTurn(sitter, async () => {
          const started = await send('start', startAt, 'POST', '/api/assessment-attempts', sitter.token, {
            assessment_id: exam.assessment.id,
          });
          sitter.attemptId = (started?.body?.data?.attempt as { _id: string } | undefined)?._id;
          if (sitter.attemptId) {
            await send(
              'start',
              Date.now(),
              'GET',
              `/api/assessment-attempts/${sitter.attemptId}`,
              sitter.token,
            );
          }
        }),
      ),
    );
    for (let turn = 0; turn * SAVE_EVERY_S < ANSWERING_S; turn++) {
      const saveAt =
        answeringAt + (index / sitters.length) * SAVE_EVERY_S * 1000 + turn * SAVE_EVERY_S * 1000;
      const made = questions[(index + turn) % questions.length]!;
      const body: Body =
        made.question.type === 'TEXT'
          ? { submitted_answer_ids: [], submitted_answer_text: `Answer ${index}-${turn}` }
          : { submitted_answer_ids: [made.options[(index + turn) % 2]!.id], submitted_answer_text: null };
      work.push(
        at(saveAt, () =>
          inTurn(sitter, async () => {
            if (!sitter.attemptId) return;
            const saved = await send(
              'answering',
              saveAt,
              'PUT',
              `/api/assessment-attempts/${sitter.attemptId}/answers/${made.question.id}`,
              sitter.token,
              body,
            );
            if (!saved) return;
            sitter.answers.set(made.question.id, body);
            acknowledged.set(`${sitter.studentId}/${made.question.id}`, body);
          }),
        ),
      );
    }
    const submitAt = endAt + (index / sitters.length) * END_S * 1000;
    work.push(
      at(submitAt, () =>
        inTurn(sitter, async () => {
          const submissions = [...sitter.answers].map(([questionId, body]) => ({
            question_id: questionId,
            ...body,
          }));
          const done = await send('end', submitAt, 'POST', '/api/assessment-submissions', sitter.token, {
            assessment_id: exam.assessment.id,
            batch_subject_id: batchSubjectId,
            submissions,
          });
          if (done) submitted.add(sitter.studentId);
        }),
      ),
    );
  });

  // Mid-answering, the moderator announces something: every open stream must have it within 3 s.
  const announced = at(answeringAt + (ANSWERING_S / 2) * 1000, async () => {
    const sentAt = Date.now();
    const made = await call('POST', '/api/announcements', moderatorToken, {
      title: 'Ten minutes left',
      description: 'Check your answers.',
      audience: 'institution',
    });
    expect(made.status).toBe(201);
    await Promise.all(
      streams.map((stream) => stream.waitFor((event) => event.event === 'announcement.created', 3_000)),
    );
    return Date.now() - sentAt;
  });
  await Promise.all(work);
  const deliveredMs = (await announced) as number;
  await Promise.all(streams.map((stream) => stream.close()));

  for (const [name, latencies] of Object.entries(phases)) {
    console.log(
      `${name}: ${latencies.length} requests, p50 ${percentile(latencies, 0.5)} ms, p99 ${percentile(latencies, 0.99)} ms`,
    );
  }
  console.log(
    `announcement on all ${STREAMS} streams within ${deliveredMs} ms; served by ${JSON.stringify([...upstreams])}`,
  );

  expect(errors.slice(0, 5)).toEqual([]);
  expect(submitted.size).toBe(STUDENTS);
  // Both instances took their share of the storm.
  for (const portal of portals)
    expect(upstreams.get(`127.0.0.1:${portal.port}`) ?? 0).toBeGreaterThan(STUDENTS / 2);

  // Every acknowledged answer is stored with its value, every student submitted exactly once.
  const { rows } = await t.app.deps.pool.query<{
    student_id: string;
    question_id: string;
    option_ids: string[];
    answer_text: string | null;
    submitted: boolean;
  }>(
    `select ea.student_id, x.question_id, x.option_ids::text[] as option_ids, x.answer_text,
       ea.submitted_at is not null as submitted
     from exam_attempts ea join exam_answers x on x.attempt_id = ea.id where ea.assessment_id = $1`,
    [exam.assessment.id],
  );
  const stored = new Map(rows.map((row) => [`${row.student_id}/${row.question_id}`, row]));
  let lost = 0;
  for (const [key, body] of acknowledged) {
    const row = stored.get(key);
    const same =
      row &&
      (body.submitted_answer_text === null
        ? [...row.option_ids].sort().join() === [...body.submitted_answer_ids].sort().join()
        : row.answer_text === body.submitted_answer_text);
    if (!same) lost++;
  }
  expect(acknowledged.size).toBeGreaterThan(STUDENTS);
  expect(lost).toBe(0);
  const attempts = await t.app.deps.pool.query<{ n: number; submitted: number }>(
    'select count(*)::int as n, count(submitted_at)::int as submitted from exam_attempts where assessment_id = $1',
    [exam.assessment.id],
  );
  expect(attempts.rows[0]).toEqual({ n: STUDENTS, submitted: STUDENTS });
}, 300_000);

// README's figure of two instances against one on the same machine: the most answers a second
// through nginx, closed loop, for a student's save and the paper's read. Manual (OPS_THROUGHPUT_SECONDS).
it.runIf(THROUGHPUT_S > 0)(
  'measures throughput through nginx',
  async () => {
    // autocannon (the bench's load generator) ships no types; the figures read are these.
    const module = 'autocannon';
    const { default: autocannon } = (await import(module)) as {
      default: (options: object) => Promise<{
        requests: { average: number };
        latency: { p50: number; p99: number };
        non2xx: number;
      }>;
    };
    const sitter = sitters.find((candidate) => candidate.attemptId)!;
    const headers = { authorization: `Bearer ${sitter.token}`, 'content-type': 'application/json' };
    for (const [name, request] of [
      ['read the paper', { method: 'GET' as const, path: `/api/assessment-attempts/${sitter.attemptId}` }],
      ['me', { method: 'GET' as const, path: '/api/auth/me' }],
    ] as const) {
      const result = await autocannon({
        url: `http://127.0.0.1:${nginx.port}`,
        connections: 64,
        duration: THROUGHPUT_S,
        headers,
        requests: [request],
      });
      console.log(
        `${INSTANCES} instance(s), ${name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
      );
      expect(result.non2xx).toBe(0);
    }
  },
  120_000,
);
