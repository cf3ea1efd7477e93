import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase, runMigrations } from '../db/client.js';
import { startEmbeddedPostgres } from '../db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection to the run's PostgreSQL; each test file clones `portal_template`. */
    adminDatabaseUrl: string;
  }
}

/**
 * One real PostgreSQL server for the whole run, either DATABASE_URL's (TEST_DATABASE_URL) or an
 * embedded one in a scratch folder, with a migrated template database.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    // Under the repository, not /tmp: the postgres user must be able to reach the folder.
    const directory = path.resolve(import.meta.dirname, '../../../../.tmp', `test-pg-${process.pid}`);
    await fs.rm(directory, { recursive: true, force: true });
    const server = await startEmbeddedPostgres({ directory, password: 'test-only-password' });
    // Over the cluster's Unix socket, as the portal reaches its embedded PostgreSQL.
    adminUrl = server.localUrl;
    stop = async () => {
      await server.stop();
      await fs.rm(directory, { recursive: true, force: true });
      await fs.rm(server.directory, { recursive: true, force: true });
    };
  }
  const admin = connectDatabase(adminUrl, 1);
  await admin.pool.query('DROP DATABASE IF EXISTS portal_template');
  await admin.pool.query('CREATE DATABASE portal_template');
  const template = connectDatabase(withDatabase(adminUrl, 'portal_template'), 1);
  await runMigrations(template.db);
  await template.close();
  await admin.close();

  project.provide('adminDatabaseUrl', adminUrl);
  return stop;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
