// npm run restore <archive> — rebuilds this DATA_DIR's portal (stopped) from `npm run backup`'s
// archive. The data it replaces is kept beside it, renamed `*.before-restore-<time>`.
import path from 'node:path';
import { restoreBackup } from '../backup/restore.js';
import { readConfig } from '../config.js';
import { systemClock } from '../lib/clock.js';
import { loadLocalSecrets } from '../lib/secrets.js';
import { startupProblem } from '../lib/startup-problem.js';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const config = readConfig();
  const given = process.argv[2];
  if (!given) {
    say('Name the archive to restore: npm run restore <file>');
    process.exitCode = 1;
    return;
  }
  if (config.DATABASE_URL) {
    say(
      'DATABASE_URL is set: restore that PostgreSQL server with its own tools (README, "Backups"); this command restores the embedded database.',
    );
    process.exitCode = 1;
    return;
  }
  const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const { postgres_password: password } = await loadLocalSecrets(config.dataDir);
  const result = await restoreBackup({
    archive,
    dataDir: config.dataDir,
    password,
    now: systemClock.now(),
    log: say,
  });
  say(
    `Restored the backup of ${result.manifest.created_at} (portal ${result.manifest.portal_version}) into ${config.dataDir}.`,
  );
  for (const folder of result.previous)
    say(`The data it replaced is kept in ${folder}; remove it when done.`);
  say('Start the portal with npm start; everyone signs in again if this data folder has new secrets.');
}

main().catch((error: unknown) => {
  say(`Restore failed: ${startupProblem(error)}`);
  process.exitCode = 1;
});
