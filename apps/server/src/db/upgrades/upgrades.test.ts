import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateTo } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.js';
import { withDatabase } from '../../test/global-setup.js';
import { bearer, createTestApp, TEST_PASSWORD } from '../../test/harness.js';
import { connectDatabase, type Database, migrationsFolder, runMigrations } from '../client.js';
import { UP, UPGRADE_FIXTURES } from './fixtures.js';

/**
 * Upgrades (issue 28): a database built at each earlier migration, with a school's rows written
 * in that migration's schema (fixtures.ts), migrated to the latest keeps every row and the API
 * reads them; a migration that fails leaves the database as it was.
 */
interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  version: string;
  breakpoints: boolean;
}

const adminUrl = inject('adminDatabaseUrl');
const prefix = `up_${randomBytes(4).toString('hex')}`;
const scratch = path.resolve(import.meta.dirname, '../../../../../.tmp', prefix);
const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
} & Record<string, unknown>;
const entries = journal.entries;
const created: string[] = [];
let admin: ReturnType<typeof connectDatabase>;
let passwordHash: string;

beforeAll(async () => {
  admin = connectDatabase(adminUrl, 1);
  passwordHash = await hashPassword(TEST_PASSWORD);
});
afterAll(async () => {
  for (const name of created) await admin.pool.query(`drop database if exists ${name} with (force)`);
  await admin.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

/** A migrations folder holding the first `count` migrations, plus `extra` ones. */
async function migrationsUpTo(count: number, extra: { tag: string; sql: string }[] = []) {
  const folder = path.join(scratch, `migrations-${count}-${extra.length}`);
  await fs.mkdir(path.join(folder, 'meta'), { recursive: true });
  const kept = entries.slice(0, count);
  for (const entry of kept) {
    await fs.copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  const last = entries.at(-1)!;
  const added = extra.map((migration, index) => ({
    ...last,
    idx: last.idx + 1 + index,
    when: last.when + 1000 * (index + 1),
    tag: migration.tag,
  }));
  for (const migration of extra) await fs.writeFile(path.join(folder, `${migration.tag}.sql`), migration.sql);
  await fs.writeFile(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: [...kept, ...added] }),
  );
  return folder;
}

async function createDatabase(name: string, template?: string) {
  await admin.pool.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  created.push(name);
  return withDatabase(adminUrl, name);
}

async function withDb<T>(url: string, work: (db: Database, pool: pg.Pool) => Promise<T>): Promise<T> {
  const database = connectDatabase(url, 1);
  try {
    return await work(database.db, database.pool);
  } finally {
    await database.close();
  }
}

const migrate = (db: Database, folder: string) => migrateTo(db, { migrationsFolder: folder });

/**
 * Every table's rows by primary key (`table:key`), so a lost or replaced row shows. The key's
 * columns go by name, so a key whose columns a migration reorders still names the same row.
 */
async function rowKeys(pool: pg.Pool): Promise<Set<string>> {
  const { rows: tables } = await pool.query<{ table: string; columns: string[] }>(`
    select tc.table_name as table, array_agg(kcu.column_name::text order by kcu.column_name) as columns
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu
      on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
    where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = 'public'
    group by tc.table_name`);
  const keys = new Set<string>();
  for (const { table, columns } of tables) {
    const key = columns.map((column) => `"${column}"::text`).join(", '|', ");
    const { rows } = await pool.query<{ key: string }>(`select concat(${key}) as key from "${table}"`);
    for (const row of rows) keys.add(`${table}:${row.key}`);
  }
  return keys;
}

/** The database at each migration, with each stage's fixture rows; built once, cloned by the tests. */
const stages: string[] = [];

describe('upgrades', () => {
  beforeAll(async () => {
    for (const [index, fixture] of UPGRADE_FIXTURES.entries()) {
      const url = await createDatabase(`${prefix}_stage_${index}`, stages.at(-1));
      await withDb(url, async (db, pool) => {
        await migrate(db, await migrationsUpTo(index + 1));
        if (fixture.sql.trim())
          await pool.query(fixture.sql.replaceAll(':password_hash', `'${passwordHash}'`));
      });
      stages.push(`${prefix}_stage_${index}`);
    }
  }, 120_000);

  it('has the rows of every migration, in order, so each new migration is held to this test', () => {
    expect(UPGRADE_FIXTURES.map((fixture) => fixture.tag)).toEqual(entries.map((entry) => entry.tag));
  });

  // Every earlier migration: the latest one's database needs no upgrade.
  it.each(entries.slice(0, -1).map((entry, index) => [entry.tag, index] as const))(
    'a database at %s migrates to the latest with every row, and the API reads them',
    async (_tag, index) => {
      const url = await createDatabase(`${prefix}_from_${index}`, stages[index]);
      const { before, after } = await withDb(url, async (db, pool) => {
        const before = await rowKeys(pool);
        await migrate(db, migrationsFolder);
        return { before, after: await rowKeys(pool) };
      });
      expect([...before].filter((key) => !after.has(key))).toEqual([]);
      expect(before.size).toBeGreaterThan(0);

      const t = await createTestApp({ databaseUrl: url });
      try {
        // What the data migrations did to older rows.
        const [uploads] = (
          await t.db.execute<{ csv: string; logo: string; logo_institution: string }>(sql`
            select (select kind from uploads where id = ${UP.csvUpload}) as csv,
              (select kind from uploads where id = ${UP.logoUpload}) as logo,
              (select institution_id::text from uploads where id = ${UP.logoUpload}) as logo_institution`)
        ).rows;
        if (index >= 1) {
          expect(uploads).toEqual({ csv: 'import', logo: 'logo', logo_institution: UP.institution });
        }
        const [demo] = (
          await t.db.execute<{ videos: object }>(
            sql`select demo_videos as videos from institutions where id = ${UP.demoInstitution}`,
          )
        ).rows;
        expect(demo?.videos).toEqual({});
        if (index >= 7) {
          const [answer] = (
            await t.db.execute<{ assessed: boolean }>(
              sql`select assessed from exam_answers where id = ${UP.choiceAnswer}`,
            )
          ).rows;
          expect(answer?.assessed).toBe(true);
        }

        const users = {
          owner: UP.owner,
          moderator: UP.moderator,
          faculty: UP.facultyUser,
          student: UP.studentUser,
        };
        for (const fixture of UPGRADE_FIXTURES.slice(0, index + 1)) {
          for (const read of fixture.reads) {
            const token = t.app.jwt.sign({ sub: users[read.as], tv: 0 });
            const response = await t.app.inject({ url: read.url, headers: bearer(token) });
            expect(response.statusCode, `${read.as} GET ${read.url}: ${response.body}`).toBe(200);
            for (const text of read.shows) expect(response.body, `${read.url}`).toContain(text);
          }
        }
      } finally {
        await t.close();
      }
    },
    60_000,
  );

  it('instances starting together on an empty database migrate it once, neither failing', async () => {
    const url = await createDatabase(`${prefix}_together`);
    const handles = [connectDatabase(url, 2), connectDatabase(url, 2), connectDatabase(url, 2)];
    try {
      await Promise.all(handles.map((handle) => runMigrations(handle.db)));
      const { rows } = await handles[0]!.pool.query(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(rows[0].n).toBe(entries.length);
    } finally {
      for (const handle of handles) await handle.close();
    }
  });

  it('a migration that fails leaves the database as it was, the good ones before it included', async () => {
    const url = await createDatabase(`${prefix}_broken`, stages.at(-1));
    const folder = await migrationsUpTo(entries.length, [
      {
        tag: '9000_good',
        sql: `create table upgrade_probe (id int primary key);--> statement-breakpoint
          update institutions set title = 'Renamed' where id = '${UP.institution}';`,
      },
      {
        tag: '9001_broken',
        sql: `alter table users add column nickname text;--> statement-breakpoint
          delete from notes;--> statement-breakpoint
          select 1 / 0;`,
      },
    ]);
    await withDb(url, async (db, pool) => {
      const state = async () => ({
        keys: [...(await rowKeys(pool))].sort(),
        title: (await pool.query(`select title from institutions where id = '${UP.institution}'`)).rows[0]
          .title,
        columns: (
          await pool.query(
            `select column_name from information_schema.columns where table_name = 'users' order by 1`,
          )
        ).rows,
        tables: (await pool.query(`select to_regclass('upgrade_probe') as probe`)).rows[0].probe,
        migrations: (await pool.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]
          .n,
      });
      const before = await state();
      await expect(migrate(db, folder)).rejects.toThrow();
      expect(await state()).toEqual(before);
      expect(before.migrations).toBe(entries.length);
    });
  });
});
