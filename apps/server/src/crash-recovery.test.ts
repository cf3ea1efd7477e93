import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

/**
 * The real server, bundled as `npm run build` bundles it (into a scratch folder, in about a second:
 * it then starts in one or two seconds, where its TypeScript through tsx takes six or more), on a
 * scratch DATA_DIR with the embedded PostgreSQL, killed as an out-of-memory kill or a power cut
 * would: SIGKILL, no clean stop. The next start on the same DATA_DIR must need no operator.
 */

const serverRoot = path.resolve(import.meta.dirname, '..');
const scratch = path.resolve(serverRoot, '../../.tmp', `crash-recovery-${process.pid}`);
const dataDir = path.join(scratch, 'data');
const clusterDir = path.join(dataDir, 'postgres');
const started: ChildProcess[] = [];

interface Portal {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts a portal on the scratch DATA_DIR; resolves once it listens, or with its exit. */
function startPortal(): Promise<Portal | { exitCode: number | null; output: string }> {
  const child = spawn(process.execPath, [path.join(scratch, 'dist', 'main.js')], {
    cwd: scratch,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'no',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => {
    const listening = setInterval(() => {
      const url = /The portal is running at (\S+)/.exec(output)?.[1];
      if (!url) return;
      clearInterval(listening);
      resolve({ child, url, output: () => output });
    }, 50);
    child.once('exit', (exitCode) => {
      clearInterval(listening);
      resolve({ exitCode, output });
    });
  });
}

async function listening(): Promise<Portal> {
  const portal = await startPortal();
  if (!('child' in portal)) throw new Error(`the portal did not start:\n${portal.output}`);
  expect((await fetch(`${portal.url}/api/health`)).status).toBe(200);
  return portal;
}

/** The pid in the cluster's postmaster.pid, or null without one. */
async function postmasterPid(): Promise<number | null> {
  const content = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => null);
  return content ? Number.parseInt(content, 10) : null;
}

/** Whether `pid` runs (a zombie its new parent has not reaped yet has ended). */
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
};

async function until(condition: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** The processes `pid` started (PostgreSQL and its watchdog). */
async function childrenOf(pid: number): Promise<number[]> {
  const text = await fs.readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
  return text.trim().split(/\s+/).filter(Boolean).map(Number);
}

async function killed(portal: Portal) {
  const exited = new Promise((resolve) => portal.child.once('exit', resolve));
  portal.child.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  await fs.rm(scratch, { recursive: true, force: true });
  await fs.mkdir(scratch, { recursive: true });
  // The bundle finds its migrations in ../src, as dist/main.js does.
  await fs.symlink(path.join(serverRoot, 'src'), path.join(scratch, 'src'));
  const build = spawnSync(process.execPath, ['build.mjs'], {
    cwd: serverRoot,
    env: { ...process.env, BUILD_OUTDIR: path.join(scratch, 'dist') },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
});
afterAll(async () => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  const pid = await postmasterPid();
  if (pid && isRunning(pid)) process.kill(pid, 'SIGINT');
  await until(async () => !(pid && isRunning(pid)), 10_000);
  await fs.rm(scratch, { recursive: true, force: true });
});

it('comes back after kill -9 with no operator; two portals on one DATA_DIR are still refused', {
  timeout: 180_000,
}, async () => {
  const first = await listening();

  // Killed: its PostgreSQL does not outlive it.
  const postgres = await postmasterPid();
  expect(postgres && isRunning(postgres)).toBe(true);
  await killed(first);
  expect(await until(() => !isRunning(postgres!), 15_000)).toBe(true);

  // The next start needs nobody.
  const again = await listening();

  // A second portal on the same DATA_DIR is refused, and the first goes on.
  const second = await startPortal();
  expect('exitCode' in second ? second.exitCode : 'listening').toBe(1);
  expect('exitCode' in second ? second.output : '').toMatch(
    /Could not start: another portal \(pid \d+\) is using/,
  );
  expect((await fetch(`${again.url}/api/health`)).status).toBe(200);

  // Killed together with its watchdog (or left by an older portal): the PostgreSQL it leaves
  // running is stopped cleanly by the next start, which goes on.
  const orphan = await postmasterPid();
  const watchdogs = (await childrenOf(again.child.pid!)).filter((pid) => pid !== orphan);
  for (const pid of watchdogs) process.kill(pid, 'SIGKILL');
  await killed(again);
  expect(isRunning(orphan!)).toBe(true);
  const recovered = await listening();
  expect(recovered.output()).toMatch(/left running by a portal that ended/);
  expect(isRunning(orphan!)).toBe(false);

  // A clean stop stops PostgreSQL and leaves no owner behind.
  const running = await postmasterPid();
  const exited = new Promise((resolve) => recovered.child.once('exit', resolve));
  recovered.child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(isRunning(running!)).toBe(false);
  expect(await fs.readdir(dataDir)).not.toContain('postgres.owner');
});
