import path from 'node:path';
import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { connectDatabase, openConnections, runMigrations } from './db/client.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './db/seed/demo.js';
import { ensureFirstOwner } from './db/seed/owner.js';
import { systemClock } from './lib/clock.js';
import { logMailer, smtpMailer } from './lib/mailer.js';
import { closePasswordPool } from './lib/passwords.js';
import { closePdfPool } from './lib/pdf-pool.js';
import { loadLocalSecrets } from './lib/secrets.js';
import { startupProblem } from './lib/startup-problem.js';
import { createStorage } from './lib/storage.js';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const config = readConfig();
  const embeddedMode = !config.DATABASE_URL;
  const secrets = embeddedMode || !config.JWT_SECRET ? await loadLocalSecrets(config.dataDir) : null;

  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const wanted = path.join(config.dataDir, 'postgres');
    say(`Starting the embedded PostgreSQL in ${wanted} ...`);
    embedded = await startEmbeddedPostgres({
      directory: wanted,
      password: secrets!.postgres_password,
      notice: say,
    });
    if (embedded.directory !== wanted) {
      say(
        `(${config.dataDir} is out of the postgres user's reach: its cluster is kept in ${embedded.directory})`,
      );
    }
    databaseUrl = embedded.localUrl;
  }

  const database = connectDatabase(databaseUrl, config.DATABASE_POOL_SIZE, { keepOpen: true });
  // Reports and exports read from the replica when there is one (decision 42).
  const replica = config.DATABASE_READ_URL
    ? connectDatabase(config.DATABASE_READ_URL, config.DATABASE_POOL_SIZE)
    : null;
  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    say(`${signal} received, shutting down ...`);
    // Ctrl-C in a terminal reaches the embedded PostgreSQL too (one process group), so dropped
    // connections are expected now.
    database.pool.removeAllListeners('error').on('error', () => {});
    await app?.close().catch(() => {});
    await closePdfPool().catch(() => {});
    await closePasswordPool().catch(() => {});
    await database.close().catch(() => {});
    await replica?.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(0);
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await runMigrations(database.db, config.DATABASE_LISTEN_URL);
    // Demo data goes only into an empty database: by default in embedded mode, or when asked.
    const wantsDemo = config.SEED_DEMO === 'yes' || (config.SEED_DEMO === 'auto' && embeddedMode);
    const seededDemo = wantsDemo && (await isDatabaseEmpty(database.db));
    const storage = createStorage(config);
    if (seededDemo) await seedDemo(database.db, storage, { now: systemClock.now() });
    const owner = await ensureFirstOwner(database.db, {
      username: config.OWNER_USERNAME,
      password: config.OWNER_PASSWORD,
      email: config.OWNER_EMAIL,
    });
    if (owner === 'not-configured') {
      say('No owner account exists: set OWNER_USERNAME and OWNER_PASSWORD to create the first one.');
    }

    const mailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.SMTP_FROM) : logMailer(say);
    app = await buildApp(
      {
        config,
        db: database.db,
        pool: database.pool,
        readDb: replica?.db,
        clock: systemClock,
        mailer,
        storage,
        jwtSecret: config.JWT_SECRET ?? secrets!.jwt_secret,
      },
      { logger: true },
    );
    const connections = await openConnections(database.pool);
    if (connections.refused) {
      say(
        `Opened ${connections.opened} of ${config.DATABASE_POOL_SIZE} database connections (${connections.refused}); the others open when needed.`,
      );
    }
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
    say(`\nThe portal is running at ${shown}  (API reference: ${shown}/api/docs)`);
    if (seededDemo) {
      say(
        `Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => `${a.username} (${a.role})`).join(', ')}`,
      );
    } else if (embeddedMode) {
      say(
        `Demo accounts, if this data folder was seeded with them: owner, moderator, faculty, student (password ${DEMO_PASSWORD})`,
      );
    }
  } catch (error) {
    say(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(1);
  }
}

// Any failure before the portal listens is one sentence, never a stack trace.
main().catch((error: unknown) => {
  say(`Could not start: ${startupProblem(error)}`);
  process.exit(1);
});
