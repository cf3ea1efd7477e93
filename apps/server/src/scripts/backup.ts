// npm run backup [file or folder] — one archive of the portal (database and uploaded files) into
// DATA_DIR/backups or the path given. The portal may keep running: the database is copied with
// PostgreSQL's online backup API. Restore it with `npm run restore <archive>`.
import fs from 'node:fs/promises';
import path from 'node:path';
import { backupFileName, writeBackup } from '../backup/backup.js';
import { runningClusterUrl } from '../backup/running-cluster.js';
import { readConfig } from '../config.js';
import { clusterDirectory, type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded.js';
import { systemClock } from '../lib/clock.js';
import { loadLocalSecrets } from '../lib/secrets.js';
import { startupProblem } from '../lib/startup-problem.js';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function target(dataDir: string, given: string | undefined, now: Date): Promise<string> {
  if (!given) return path.join(dataDir, 'backups', backupFileName(now));
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const isFolder = given.endsWith('/') || (await fs.stat(resolved).catch(() => null))?.isDirectory();
  return isFolder ? path.join(resolved, backupFileName(now)) : resolved;
}

async function main() {
  const config = readConfig();
  if (config.DATABASE_URL) {
    say(
      'DATABASE_URL is set: back up that PostgreSQL server with its own tools (pg_basebackup or pg_dump) and the uploaded files with your storage (README, "Backups").',
    );
    process.exitCode = 1;
    return;
  }
  const now = systemClock.now();
  const file = await target(config.dataDir, process.argv[2], now);
  const { postgres_password: password } = await loadLocalSecrets(config.dataDir);
  const cluster = await clusterDirectory(path.join(config.dataDir, 'postgres'));
  let embedded: EmbeddedDatabase | null = null;
  let url = await runningClusterUrl(cluster, password);
  if (!url) {
    say('The portal is not running: starting its database for the backup ...');
    embedded = await startEmbeddedPostgres({ directory: path.join(config.dataDir, 'postgres'), password });
    url = embedded.url;
  }
  try {
    const started = performance.now();
    const result = await writeBackup({
      databaseUrl: url,
      uploadsDirectory: config.S3_BUCKET ? null : path.join(config.dataDir, 'uploads'),
      file,
      now,
    });
    const { size } = await fs.stat(result.file);
    say(
      `Backup written: ${result.file} (${(size / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s; ${result.manifest.migrations} migrations, uploads ${result.manifest.uploads === 'included' ? 'included' : 'in S3, not included'})`,
    );
  } finally {
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  say(`Backup failed: ${startupProblem(error)}`);
  process.exitCode = 1;
});
