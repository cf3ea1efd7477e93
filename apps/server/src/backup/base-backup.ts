import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { Pack } from 'tar-stream';
import { addBuffer, addDirectory, addFile, addTree } from './archive-files.js';

/**
 * Folders whose contents PostgreSQL rebuilds at start (pg_basebackup leaves them out the same way);
 * pg_wal is added apart, with only the segments the backup needs.
 */
const SKIP_CONTENTS = new Set([
  'pg_wal',
  'pg_stat_tmp',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);

/** Files of a running server that a copy must not carry (a backup's label comes from the stop). */
const SKIP_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'standby.signal',
  'recovery.signal',
  'postgresql.auto.conf.tmp',
  'current_logfiles.tmp',
  'pg_internal.init',
]);

export interface BaseBackup {
  startLsn: string;
  stopLsn: string;
  serverVersion: string;
  /** `performance.now()` just before the stop: every commit acknowledged earlier is in the copy. */
  consistentAt: number;
}

/**
 * Copies a running PostgreSQL cluster into `pack` under `prefix` with the online backup API
 * (pg_backup_start / pg_backup_stop), as pg_basebackup does with its own protocol, which the
 * embedded package does not ship: the data files copied while the server runs, then the WAL from
 * the backup's start to its stop and the label the stop returns. Started from the copy, PostgreSQL
 * replays that WAL and reaches at least the moment of the stop. A temporary replication slot keeps
 * the server from recycling those WAL segments meanwhile. `client` must be a superuser's session
 * on the same machine as the cluster's files; it stays open for the whole copy.
 */
export async function copyCluster(client: pg.Client, pack: Pack, prefix: string): Promise<BaseBackup> {
  const one = async <Row>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows[0] as Row;
  const { data_directory: dataDirectory } = await one<{ data_directory: string }>(
    `select current_setting('data_directory') as data_directory`,
  );
  const { server_version: serverVersion } = await one<{ server_version: string }>(
    `select current_setting('server_version') as server_version`,
  );
  const slot = `portal_backup_${randomBytes(6).toString('hex')}`;
  await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
  const start = await one<{ lsn: string; segment: string }>(
    `select lsn::text, pg_walfile_name(lsn) as segment from pg_backup_start($1, true) as lsn`,
    [`portal backup ${new Date().toISOString()}`],
  );
  let stopped = false;
  try {
    await addTree(pack, dataDirectory, prefix, {
      skipContentsOf: SKIP_CONTENTS,
      skip: (relative, base) =>
        SKIP_FILES.has(base) || base.startsWith('pgsql_tmp') || relative === 'pg_internal.init',
    });
    const consistentAt = performance.now();
    const stop = await one<{ lsn: string; segment: string; labelfile: string; spcmapfile: string }>(
      `select lsn::text, pg_walfile_name(lsn) as segment, labelfile, spcmapfile from pg_backup_stop(false)`,
    );
    stopped = true;
    await addWal(pack, path.join(dataDirectory, 'pg_wal'), `${prefix}pg_wal`, start.segment, stop.segment);
    await addBuffer(pack, `${prefix}backup_label`, stop.labelfile);
    if (stop.spcmapfile) await addBuffer(pack, `${prefix}tablespace_map`, stop.spcmapfile);
    return { startLsn: start.lsn, stopLsn: stop.lsn, serverVersion, consistentAt };
  } finally {
    if (!stopped) await client.query('select pg_backup_stop(false)').catch(() => {});
    await client.query('select pg_drop_replication_slot($1)', [slot]).catch(() => {});
  }
}

/** The WAL segments from `first` to `last` (names sort in WAL order within a timeline) and the timelines' history. */
async function addWal(pack: Pack, walDirectory: string, name: string, first: string, last: string) {
  addDirectory(pack, name);
  addDirectory(pack, `${name}/archive_status`);
  addDirectory(pack, `${name}/summaries`);
  const timeline = first.slice(0, 8);
  const files = (await fs.readdir(walDirectory)).sort();
  for (const file of files) {
    const isSegment =
      /^[0-9A-F]{24}$/.test(file) && file.startsWith(timeline) && file >= first && file <= last;
    if (isSegment || /^[0-9A-F]{8}\.history$/.test(file)) {
      if (!(await addFile(pack, `${name}/${file}`, path.join(walDirectory, file))) && isSegment) {
        throw new Error(`WAL segment ${file} disappeared during the backup`);
      }
    }
  }
}
