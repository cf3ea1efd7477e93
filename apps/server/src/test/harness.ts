import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Role } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { readConfig } from '../config.js';
import { connectDatabase } from '../db/client.js';
import { batches, faculties, institutions, students, users } from '../db/schema/index.js';
import { manualClock } from '../lib/clock.js';
import { smtpMailer } from '../lib/mailer.js';
import { hashPassword } from '../lib/passwords.js';
import { createStorage } from '../lib/storage.js';
import { withDatabase } from './global-setup.js';
import { startSmtpCapture } from './smtp-capture.js';

export const TEST_PASSWORD = 'Test@12345';
let cachedHash: Promise<string> | undefined;
const testPasswordHash = () => {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
};

/**
 * A portal for one test file: its own database cloned from the migrated template, a real SMTP
 * capture server, a clock moved by hand, and helpers to make institutions and accounts.
 * `env` adds configuration variables (e.g. a local model server for automated answers);
 * `databaseUrl` runs it on a migrated database of the caller's (left in place by `close`), and
 * `dataDir` names its data folder (removed by `close` only when the harness chose it).
 */
export async function createTestApp(
  options: { env?: Record<string, string>; databaseUrl?: string; dataDir?: string } = {},
) {
  const adminUrl = options.databaseUrl ? null : inject('adminDatabaseUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  if (adminUrl) {
    const admin = connectDatabase(adminUrl, 1);
    await admin.pool.query(`CREATE DATABASE ${name} TEMPLATE portal_template`);
    await admin.close();
  }

  const database = connectDatabase(options.databaseUrl ?? withDatabase(adminUrl!, name), 5);
  const smtp = await startSmtpCapture();
  const clock = manualClock(new Date('2026-11-20T09:00:00Z'));
  const dataDir = options.dataDir ?? path.resolve(import.meta.dirname, '../../../../.tmp', `data-${name}`);
  const config = readConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({
    config,
    db: database.db,
    pool: database.pool,
    clock,
    mailer: smtpMailer(smtp.url, 'Portal <portal@test.local>'),
    storage: createStorage(config),
    jwtSecret: randomBytes(32).toString('hex'),
  });
  await app.ready();

  let counter = 0;
  const unique = (prefix: string) => `${prefix}${++counter}_${randomBytes(3).toString('hex')}`;

  async function createInstitution(overrides: Partial<typeof institutions.$inferInsert> = {}) {
    const [row] = await database.db
      .insert(institutions)
      .values({ title: unique('Institution '), academicYear: '2026-27', ...overrides })
      .returning();
    return row!;
  }

  async function createBatch(institutionId: string, title = unique('Batch ')) {
    const [row] = await database.db
      .insert(batches)
      .values({ institutionId, title, academicYear: '2026-27' })
      .returning();
    return row!;
  }

  /** An account of `role`; students and faculty get their profile record too. */
  async function createAccount(
    role: Role,
    options: {
      institutionId?: string | null;
      username?: string;
      email?: string | null;
      mustChangePassword?: boolean;
      batchId?: string;
    } = {},
  ) {
    const username = options.username ?? unique(role);
    const email = options.email === undefined ? `${username}@school.test` : options.email;
    const institutionId = role === 'owner' ? null : (options.institutionId ?? null);
    const [user] = await database.db
      .insert(users)
      .values({
        username,
        passwordHash: await testPasswordHash(),
        permission: role,
        institutionId,
        email: role === 'owner' || role === 'moderator' ? email : null,
        mustChangePassword: options.mustChangePassword ?? false,
      })
      .returning();
    let entityId = user!.id;
    const contact = email ? [email] : [];
    if (role === 'student') {
      const [student] = await database.db
        .insert(students)
        .values({
          institutionId: institutionId!,
          userId: user!.id,
          batchId: options.batchId,
          name: `Student ${username}`,
          gender: 'female',
          email: contact,
        })
        .returning();
      entityId = student!.id;
    } else if (role === 'faculty') {
      const [faculty] = await database.db
        .insert(faculties)
        .values({
          institutionId: institutionId!,
          userId: user!.id,
          name: `Faculty ${username}`,
          gender: 'male',
          email: contact,
        })
        .returning();
      entityId = faculty!.id;
    }
    return { user: user!, username, entityId, email };
  }

  async function login(username: string, password = TEST_PASSWORD) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
    });
    if (response.statusCode !== 200) throw new Error(`login ${username} failed: ${response.body}`);
    return response.json().data.jwt as string;
  }

  /** The `cookie` header a browser holds for `/files/` once `token`'s account signed in. */
  async function fileCookie(token: string): Promise<{ cookie: string }> {
    const response = await app.inject({ method: 'POST', url: '/api/files/session', headers: bearer(token) });
    if (response.statusCode !== 200) throw new Error(`file session failed: ${response.body}`);
    const setCookie = String(response.headers['set-cookie']);
    return { cookie: setCookie.split(';')[0]! };
  }

  /** An institution with one account of every role, signed in. */
  async function createSchool() {
    const institution = await createInstitution();
    const batch = await createBatch(institution.id);
    const accounts = {
      moderator: await createAccount('moderator', { institutionId: institution.id }),
      faculty: await createAccount('faculty', { institutionId: institution.id }),
      student: await createAccount('student', { institutionId: institution.id, batchId: batch.id }),
    };
    const tokens = {
      moderator: await login(accounts.moderator.username),
      faculty: await login(accounts.faculty.username),
      student: await login(accounts.student.username),
    };
    return { institution, batch, accounts, tokens };
  }

  async function close() {
    await app.close();
    await smtp.close();
    await database.close();
    if (adminUrl) {
      const cleanup = connectDatabase(adminUrl, 1);
      await cleanup.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.close();
    }
    if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }

  return {
    app: app as FastifyInstance,
    config,
    db: database.db,
    clock,
    smtp,
    unique,
    createInstitution,
    createBatch,
    createAccount,
    createSchool,
    login,
    fileCookie,
    close,
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
