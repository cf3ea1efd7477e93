import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { fixedStatement } from './prepared.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('fixedStatement', () => {
  it('builds its text once and lines up named, repeated and constant values in order', async () => {
    const build = vi.fn(
      () => sql`select ${sql.placeholder('a')}::int * 100 + ${sql.placeholder('b')}::int * 10
        + ${sql.placeholder('a')}::int + ${7}::int as total, ${sql.placeholder('list')}::text[] as list`,
    );
    const statement = fixedStatement<'a' | 'b' | 'list'>(build);
    const first = await statement<{ total: number; list: string[] }>(t.db, { a: 3, b: 5, list: ['x', 'y'] });
    const second = await statement<{ total: number; list: string[] }>(t.db, { b: 1, a: 2, list: [] });
    expect(first.rows[0]).toEqual({ total: 360, list: ['x', 'y'] });
    expect(second.rows[0]).toEqual({ total: 219, list: [] });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('runs inside a transaction on the transaction’s connection', async () => {
    const statement = fixedStatement<'value'>(
      () =>
        sql`select current_setting('portal.probe', true) as seen, ${sql.placeholder('value')}::text as value`,
    );
    const seen = await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('portal.probe', 'inside', true)`);
      return (await statement<{ seen: string; value: string }>(tx, { value: 'v' })).rows[0];
    });
    expect(seen).toEqual({ seen: 'inside', value: 'v' });
  });
});
