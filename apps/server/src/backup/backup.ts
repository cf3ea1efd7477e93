import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { APP_VERSION } from '@portal/shared';
import pg from 'pg';
import tar from 'tar-stream';
import { addBuffer, addTree } from './archive-files.js';
import { copyCluster } from './base-backup.js';

export const BACKUP_FORMAT = 'learning-portal-backup';
export const MANIFEST_NAME = 'manifest.json';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  created_at: string;
  portal_version: string;
  postgres_version: string;
  /** Migrations applied in the copied database. */
  migrations: number;
  start_lsn: string;
  stop_lsn: string;
  /** Local uploads are in the archive; S3's stay in their bucket. */
  uploads: 'included' | 'not-local';
}

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  /** `performance.now()` before the database copy's end: every answer acknowledged earlier is in it. */
  consistentAt: number;
}

/** `portal-backup-20261120-093005.tar.gz` */
export function backupFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `portal-backup-${stamp}.tar.gz`;
}

/**
 * One archive of a running portal: `postgres/` (the cluster by the online backup API), then
 * `uploads/` (the local file storage, without unfinished resumable uploads), then the manifest.
 * The files are copied after the database's copy ends, and a file is always stored before the row
 * that names it, so every file the restored database names is in the archive. Secrets stay out:
 * `secrets.json` is not under either folder. Written to `<file>.partial` and renamed when whole.
 */
export async function writeBackup(options: {
  databaseUrl: string;
  uploadsDirectory: string | null;
  file: string;
  now: Date;
}): Promise<BackupResult> {
  await fs.mkdir(path.dirname(options.file), { recursive: true });
  const partial = `${options.file}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 1 }), createWriteStream(partial, { mode: 0o600 }));
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const copy = await copyCluster(client, pack, 'postgres/');
    const migrations = await client.query<{ count: number }>(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    if (options.uploadsDirectory) {
      await addTree(pack, options.uploadsDirectory, 'uploads/', { skip: (relative) => relative === '.tus' });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      created_at: options.now.toISOString(),
      portal_version: APP_VERSION,
      postgres_version: copy.serverVersion,
      migrations: migrations.rows[0]!.count,
      start_lsn: copy.startLsn,
      stop_lsn: copy.stopLsn,
      uploads: options.uploadsDirectory ? 'included' : 'not-local',
    };
    await addBuffer(pack, MANIFEST_NAME, `${JSON.stringify(manifest, null, 2)}\n`);
    pack.finalize();
    await written;
    await fs.rename(partial, options.file);
    return { file: options.file, manifest, consistentAt: copy.consistentAt };
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    await fs.rm(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}
