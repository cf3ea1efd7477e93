import fs from 'node:fs/promises';
import path from 'node:path';

interface PidFile {
  pid: number;
  port: number;
  host: string;
}

/**
 * postmaster.pid's first lines: pid, data directory, start time, port, socket directory, listen
 * address. The embedded server listens on a free port chosen at each start, so this file is how
 * another process (the backup) finds it.
 */
async function readPidFile(cluster: string): Promise<PidFile | null> {
  const content = await fs.readFile(path.join(cluster, 'postmaster.pid'), 'utf8').catch(() => null);
  if (!content) return null;
  const lines = content.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  const host = (lines[5] ?? '').trim().split(/[\s,]+/)[0] || '127.0.0.1';
  return Number.isInteger(pid) && pid > 0 ? { pid, port, host: host === '*' ? '127.0.0.1' : host } : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** The pid of the PostgreSQL running on `cluster`, or null when none is. */
export async function runningClusterPid(cluster: string): Promise<number | null> {
  const file = await readPidFile(cluster);
  return file && isAlive(file.pid) ? file.pid : null;
}

/** The connection URL of the embedded PostgreSQL running on `cluster`, or null when none is. */
export async function runningClusterUrl(cluster: string, password: string): Promise<string | null> {
  const file = await readPidFile(cluster);
  if (!file || !isAlive(file.pid) || !Number.isInteger(file.port)) return null;
  return `postgres://portal:${encodeURIComponent(password)}@${file.host}:${file.port}/portal`;
}
