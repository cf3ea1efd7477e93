// Throughput of the portal's hot endpoints against a bare Fastify route on the same machine.
// Usage: npm run build && npm run bench   (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ONLY to tune)
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const BUDGET = 0.3;

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startPortal() {
  const port = await freePort();
  const dataDir = path.join(root, 'bench/.data', `portal-${process.pid}`);
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 360; i += 1) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function startBareFastify() {
  const app = Fastify();
  app.get('/bare', async () => ({ data: { ok: true } }));
  // The same for a JSON body: a write is compared with a bare route that parses one.
  app.post('/bare', async (request) => ({ data: { ok: typeof request.body === 'object' } }));
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}`, stop: () => app.close() };
}

/** `requests` (optional): what each connection asks in turn, each with its own path and headers. */
function load(url, requests) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, ...(requests && { requests }) }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

// Every demo student (three batches), each asking for their own pages: shared answers are per batch
// and every request runs its own student's access check, as when a school uses the portal at once.
const STUDENTS = ['student', 'student2', ...Array.from({ length: 16 }, (_, index) => `student${index + 3}`)];

/** A signed-in student with the ids their own pages use: a subject of their batch, its first chapter and topic. */
async function signIn(portalUrl, username) {
  const login = await fetch(`${portalUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Demo@12345' }),
  }).then((r) => r.json());
  const headers = { authorization: `Bearer ${login.data.jwt}` };
  const get = (path) => fetch(`${portalUrl}${path}`, { headers }).then((r) => r.json());
  const subject = (await get('/api/batch-subjects')).data.batch_subjects[0];
  const chapter = (await get(`/api/chapters/subject-id/${subject.subject_id}`)).data.chapters[0];
  const topic = (await get(`/api/topics/chapter-id/${chapter._id}`)).data.topics[0];
  return {
    headers,
    subjectId: subject.subject_id,
    batchSubjectId: subject._id,
    chapterId: chapter._id,
    topicId: topic._id,
  };
}

const bare = await startBareFastify();
const portal = await startPortal();
try {
  const students = [];
  for (const username of STUDENTS) students.push(await signIn(portal.url, username));
  const today = new Date().toISOString().slice(0, 10);

  // Each connection cycles through the students, each asking for their own pages.
  const student = (name, pathOf) => ({
    name: `GET ${name} (student)`,
    requests: students.map((one) => ({ method: 'GET', path: pathOf(one), headers: one.headers })),
  });
  const heartbeat = {
    name: 'POST /api/time-spent (student heartbeat; bare route: POST with the same body)',
    bare: (request) => ({
      method: 'POST',
      path: '/bare',
      headers: { 'content-type': 'application/json' },
      body: request.body,
    }),
    requests: students.map((one) => ({
      method: 'POST',
      path: '/api/time-spent',
      headers: { ...one.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        content_id: one.topicId,
        content_type: 'topics',
        time_spent: 0.5,
        batch_subject_id: one.batchSubjectId,
      }),
    })),
  };
  const scenarios = [
    student('/api/auth/me', () => '/api/auth/me'),
    student('/api/users/me/batch-subjects', () => '/api/users/me/batch-subjects'),
    student('/api/chapters/subject-id/{id}', (one) => `/api/chapters/subject-id/${one.subjectId}`),
    student('/api/topics/chapter-id/{id}', (one) => `/api/topics/chapter-id/${one.chapterId}`),
    student('/api/users/me/studyplans/daily/{date}', () => `/api/users/me/studyplans/daily/${today}`),
    student(
      '/api/users/me/chapters/batch-subject/{id}',
      (one) => `/api/users/me/chapters/batch-subject/${one.batchSubjectId}`,
    ),
    student(
      '/api/users/me/topics/chapter-id/{id}',
      (one) => `/api/users/me/topics/chapter-id/${one.chapterId}`,
    ),
    student('/api/notes/topic/{id}', (one) => `/api/notes/topic/${one.topicId}`),
    student('/api/doubts/topic/{id}', (one) => `/api/doubts/topic/${one.topicId}`),
    heartbeat,
  ];
  console.log(
    `${connections} connections, ${seconds}s per run; bare Fastify is measured right before each scenario`,
  );
  let failed = false;
  // BENCH_ONLY=text runs only the scenarios whose name contains it.
  const only = process.env.BENCH_ONLY;
  for (const scenario of scenarios.filter((one) => !only || one.name.includes(only))) {
    // The machine's speed drifts (other work, CPU boost): each scenario is compared with a bare
    // run taken just before it, not with one baseline for all.
    const baseline = await load(`${bare.url}/bare`, scenario.bare && scenario.requests.map(scenario.bare));
    const result = await load(portal.url, scenario.requests);
    const ratio = result.requests.average / baseline.requests.average;
    const errors = result.non2xx + result.errors;
    const ok = ratio >= BUDGET && errors === 0;
    failed ||= !ok;
    console.log(
      `${scenario.name}: ${Math.round(result.requests.average)} req/s vs bare ${Math.round(baseline.requests.average)}, ` +
        `p99 ${result.latency.p99} ms, ${(ratio * 100).toFixed(1)}% of bare${errors ? `, ${errors} errors` : ''} ` +
        `${ok ? 'OK' : 'BELOW BUDGET'}`,
    );
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await portal.stop();
  await bare.stop();
}
