import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startupProblem } from '../lib/startup-problem.js';
import { clusterDirectory, socketDirectoryFor } from './embedded.js';

const scratch = path.resolve(import.meta.dirname, '../../../../.tmp', `cluster-dir-${process.pid}`);
const asRoot = process.getuid?.() === 0;

beforeAll(async () => {
  await fs.mkdir(path.join(scratch, 'closed'), { recursive: true, mode: 0o755 });
  await fs.chmod(path.join(scratch, 'closed'), 0o700);
  await fs.mkdir(path.join(scratch, 'open'), { recursive: true, mode: 0o755 });
});
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

describe('where the embedded cluster lives', () => {
  test('a data folder every user can enter keeps its cluster', async () => {
    const wanted = path.join(scratch, 'open', 'data', 'postgres');
    expect(await clusterDirectory(wanted, path.join(scratch, 'relocated'))).toBe(wanted);
  });

  test.runIf(asRoot)(
    'as root, a data folder under a closed folder (like /root) gets a reachable cluster folder',
    async () => {
      const wanted = path.join(scratch, 'closed', 'data', 'postgres');
      const relocated = path.join(scratch, 'relocated');
      const directory = await clusterDirectory(wanted, relocated);
      expect(path.dirname(directory)).toBe(relocated);
      // The same data folder finds the same cluster on the next start.
      expect(await clusterDirectory(wanted, relocated)).toBe(directory);
      expect(await clusterDirectory(path.join(scratch, 'closed', 'other', 'postgres'), relocated)).not.toBe(
        directory,
      );
    },
  );
});

describe('the Unix socket the portal reaches its PostgreSQL by', () => {
  test('lives in the cluster’s folder', () => {
    expect(socketDirectoryFor('/srv/portal/data/postgres', 54321)).toBe('/srv/portal/data/postgres');
  });

  test('is left out (TCP alone) when its path would pass the kernel’s 107 bytes', () => {
    const deep = `/srv/${'a'.repeat(80)}/postgres`;
    expect(socketDirectoryFor(deep, 54321)).toBeNull();
    expect(socketDirectoryFor(`/srv/${'a'.repeat(70)}/postgres`, 54321)).toBe(
      `/srv/${'a'.repeat(70)}/postgres`,
    );
  });

  test('is left out when the folder’s name would need quoting in unix_socket_directories', () => {
    expect(socketDirectoryFor('/srv/my portal/postgres', 54321)).toBeNull();
    expect(socketDirectoryFor('/srv/a,b/postgres', 54321)).toBeNull();
    expect(socketDirectoryFor("/srv/it's/postgres", 54321)).toBeNull();
  });
});

describe('start-up failures', () => {
  test('an initdb failure is one sentence that says why', () => {
    const error = new Error(
      'Postgres init script failed (code: 1, signal: null). ERROR OUTPUT: initdb: error: could not access directory "/root/x/postgres": Permission denied\n',
    );
    expect(startupProblem(error)).toBe(
      'the embedded PostgreSQL could not be created (could not access directory "/root/x/postgres": Permission denied).',
    );
  });

  test('any other failure keeps its message on one line', () => {
    expect(startupProblem(new Error('Invalid configuration:\n  PORT: too big'))).toBe(
      'Invalid configuration: PORT: too big',
    );
  });
});

describe('a process that uses the embedded PostgreSQL', () => {
  test('ends with the exit code it set (a failed test run stays failed)', () => {
    const script = `import '${path.join(import.meta.dirname, 'embedded.ts')}'; process.exitCode = 3;`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
  });
});
