// npm run seed:scale — puts the school-scale institution (decision 35) into a database: the one at
// DATABASE_URL, or the embedded one in DATA_DIR (stop the portal first; it owns that folder while
// running). It goes into its own institution, so a database with the demo institution keeps it.
import path from 'node:path';
import { readConfig } from '../config.js';
import { connectDatabase, runMigrations } from '../db/client.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { ScaleAlreadySeeded, seedScale } from '../db/seed/scale/scale.js';
import { SCALE_INSTITUTION_TITLE, SCALE_PASSWORD, scaleUsernames } from '../db/seed/scale/scale-size.js';
import { systemClock } from '../lib/clock.js';
import { closePasswordPool } from '../lib/passwords.js';
import { loadLocalSecrets } from '../lib/secrets.js';
import { createStorage } from '../lib/storage.js';

const say = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;

const config = readConfig();
const embedded = config.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({
      directory: path.join(config.dataDir, 'postgres'),
      password: (await loadLocalSecrets(config.dataDir)).postgres_password,
    });
const database = connectDatabase(config.DATABASE_URL ?? embedded!.url, 2);
try {
  await runMigrations(database.db);
  const started = performance.now();
  await seedScale(database.db, createStorage(config), {
    now: systemClock.now(),
    onStep: (name, milliseconds) => say(`  ${name}: ${seconds(milliseconds)}`),
  });
  say(`Seeded ${SCALE_INSTITUTION_TITLE} in ${seconds(performance.now() - started)}.`);
  say(
    `Accounts (password ${SCALE_PASSWORD}): ${scaleUsernames.moderator}, ${scaleUsernames.faculty(1)} … ` +
      `${scaleUsernames.faculty(200)}, ${scaleUsernames.student(1)} … ${scaleUsernames.student(5000)}`,
  );
} catch (error) {
  if (!(error instanceof ScaleAlreadySeeded)) throw error;
  say(`${error.message}; nothing was seeded.`);
  process.exitCode = 1;
} finally {
  await closePasswordPool();
  await database.close();
  await embedded?.stop();
}
