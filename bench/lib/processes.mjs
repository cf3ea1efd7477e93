// The processes a run measures: the built portal on the scale data, the bare route, and the
// portal's memory sampled from /proc while they run.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './options.mjs';

export const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitUntilUp(url, child, what) {
  for (let i = 0; i < 480; i += 1) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const up = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not start`);
}

function stopper(child) {
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}

/**
 * The built portal (`npm run build`) on `dataDir`'s embedded PostgreSQL, seeding nothing.
 * `ownGroup`: in a process group of its own with its PostgreSQL, so `crash()` can SIGKILL both at
 * once, as a power cut would (killing only Node would leave PostgreSQL running on the folder).
 * `port`: a given one, so clients find the portal again after a restart.
 */
export async function startPortal(dataDir, { ownGroup = false, port: givenPort } = {}) {
  const main = path.join(ROOT, 'apps/server/dist/main.js');
  await fs.access(main).catch(() => {
    throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  });
  const port = givenPort ?? (await freePort());
  // The node flags `npm start` runs the portal with (package.json), and BENCH_PORTAL_ARGS (e.g.
  // --cpu-prof to see where its time goes).
  const start = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
  const startFlags =
    /node ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(start)?.[1]?.trim().split(' ') ?? [];
  const flags = [
    ...startFlags.filter(Boolean),
    ...(process.env.BENCH_PORTAL_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const child = spawn(process.execPath, [...flags, main], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'no',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: ownGroup,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${url}/api/health`, child, 'the portal');
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  }
  const crash = async () => {
    const pidFile = await fs
      .readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
      .catch(() => '');
    const postmaster = Number.parseInt(pidFile.split('\n')[0] ?? '', 10);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGKILL');
    await exited;
    // The next start refuses the folder while the old postmaster lives.
    while (postmaster > 0 && isAlive(postmaster)) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  return { url, port, pid: child.pid, stop: stopper(child), crash: ownGroup ? crash : undefined };
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The bare Fastify route (bare-server.mjs) in a process of its own. */
export async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs'), String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}/bare`, child, 'the bare server');
  return { url, pid: child.pid, stop: stopper(child) };
}

/** Samples a process's VmRSS (/proc/<pid>/status) every `everyMs`; `peak` is the highest seen, in MB. */
export function sampleMemory(pid, everyMs = 200) {
  const state = { peakMb: 0, lastMb: 0, samples: 0 };
  const read = async () => {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    if (!kb) return;
    state.lastMb = kb / 1024;
    state.peakMb = Math.max(state.peakMb, state.lastMb);
    state.samples += 1;
  };
  const timer = setInterval(read, everyMs);
  timer.unref();
  return { state, read, stop: () => clearInterval(timer) };
}

/** A process's parent and CPU seconds (user + system) so far, from /proc/<pid>/stat; null once gone. */
async function statOf(pid) {
  const ticks = 100; // USER_HZ on Linux
  const text = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!text) return null;
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / ticks };
}

/**
 * CPU seconds (user + system) used so far by the portal's Node process and by its PostgreSQL
 * (the postmaster of `dataDir` and its children), from /proc: what a request costs, whatever
 * else the machine is running at the time.
 */
export async function cpuSeconds(nodePid, dataDir) {
  const node = (await statOf(nodePid))?.cpu ?? 0;
  const pidFile = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '');
  const postmaster = Number.parseInt(pidFile.split('\n')[0] ?? '', 10);
  let postgres = 0;
  if (postmaster > 0) {
    for (const entry of await fs.readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await statOf(entry);
      if (stat && (Number(entry) === postmaster || stat.ppid === postmaster)) postgres += stat.cpu;
    }
  }
  return { node, postgres };
}
