// Throughput of the portal's hot endpoints against a bare Fastify route on the same machine.
// Usage: npm run build && npm run bench   (BENCH_SECONDS, BENCH_CONNECTIONS to tune)
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
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}`, stop: () => app.close() };
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const bare = await startBareFastify();
const portal = await startPortal();
try {
  const login = await fetch(`${portal.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'student', password: 'Demo@12345' }),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${login.data.jwt}` };

  const baseline = await load(`${bare.url}/bare`);
  const scenarios = [{ name: 'GET /api/auth/me (student)', url: `${portal.url}/api/auth/me`, headers: auth }];
  console.log(
    `bare Fastify route: ${Math.round(baseline.requests.average)} req/s (${connections} connections, ${seconds}s)`,
  );
  let failed = false;
  for (const scenario of scenarios) {
    const result = await load(scenario.url, scenario.headers);
    const ratio = result.requests.average / baseline.requests.average;
    const errors = result.non2xx + result.errors;
    const ok = ratio >= BUDGET && errors === 0;
    failed ||= !ok;
    console.log(
      `${scenario.name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
        `${(ratio * 100).toFixed(1)}% of bare${errors ? `, ${errors} errors` : ''} ${ok ? 'OK' : 'BELOW BUDGET'}`,
    );
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await portal.stop();
  await bare.stop();
}
