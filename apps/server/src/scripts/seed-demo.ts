// npm run seed:demo — puts the demo institution into an empty database: the one at DATABASE_URL,
// or the embedded one in DATA_DIR (stop the portal first; it owns that folder while running).
import path from 'node:path';
import { readConfig } from '../config.js';
import { connectDatabase, runMigrations } from '../db/client.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from '../db/seed/demo.js';
import { systemClock } from '../lib/clock.js';
import { closePasswordPool } from '../lib/passwords.js';
import { loadLocalSecrets } from '../lib/secrets.js';
import { createStorage } from '../lib/storage.js';

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
  if (await isDatabaseEmpty(database.db)) {
    await seedDemo(database.db, createStorage(config), { now: systemClock.now() });
    process.stdout.write(
      `Seeded the demo institution. Accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a.username).join(', ')}\n`,
    );
  } else {
    process.stdout.write('The database already has accounts; nothing was seeded.\n');
    process.exitCode = 1;
  }
} finally {
  await closePasswordPool();
  await database.close();
  await embedded?.stop();
}
