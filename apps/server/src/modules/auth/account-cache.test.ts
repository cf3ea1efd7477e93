import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.js';
import { students } from '../../db/schema/index.js';
import { forgetAllReads, forgetInstitutionReads, STEADY_TTL_MS } from '../../lib/read-cache.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { cachedAccount } from './account-cache.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('cachedAccount', () => {
  const db = {} as Database;
  const account = (institutionId: string | null) => ({ institutionId, name: 'A' });

  it('keeps an account for STEADY_TTL_MS while its institution has no write', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return account('i1');
    };
    await cachedAccount(db, 'u1', load);
    vi.advanceTimersByTime(STEADY_TTL_MS - 1);
    await cachedAccount(db, 'u1', load);
    expect(loads).toBe(1);
    vi.advanceTimersByTime(1);
    await cachedAccount(db, 'u1', load);
    expect(loads).toBe(2);
  });

  it('loads again after a write of its institution or an owner’s write, not after another institution’s', async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      return account('i2');
    };
    await cachedAccount(db, 'u2', load);
    forgetInstitutionReads(db, 'elsewhere');
    await cachedAccount(db, 'u2', load);
    expect(loads).toBe(1);
    forgetInstitutionReads(db, 'i2');
    await cachedAccount(db, 'u2', load);
    expect(loads).toBe(2);
    forgetAllReads(db);
    await cachedAccount(db, 'u2', load);
    expect(loads).toBe(3);
  });

  it('does not keep a load during which a write came (it may have read the row before it)', async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      if (loads === 1) forgetInstitutionReads(db, 'elsewhere');
      return account('i3');
    };
    await cachedAccount(db, 'u3', load);
    await cachedAccount(db, 'u3', load);
    await cachedAccount(db, 'u3', load);
    expect(loads).toBe(2);
  });

  it('does not keep an unknown account', async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      return undefined;
    };
    expect(await cachedAccount(db, 'u4', load)).toBeUndefined();
    expect(await cachedAccount(db, 'u4', load)).toBeUndefined();
    expect(loads).toBe(2);
  });
});

describe('the signed-in account through the API', () => {
  let t: TestApp;
  let school: Awaited<ReturnType<TestApp['createSchool']>>;

  beforeAll(async () => {
    t = await createTestApp();
    school = await t.createSchool();
  });
  afterAll(() => t.close());

  const me = async (token: string) =>
    (await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).json().data;

  it('shows a moderator’s change of a student’s name at once', async () => {
    const student = await t.createAccount('student', {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    const token = await t.login(student.username);
    expect((await me(token)).name).toBe(`Student ${student.username}`);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${student.entityId}`,
      headers: bearer(school.tokens.moderator),
      payload: { name: 'Renamed Student' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await me(token)).name).toBe('Renamed Student');
  });

  it('keeps a change made outside the API for a minute at most', async () => {
    const student = await t.createAccount('student', {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    const token = await t.login(student.username);
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await me(token)).name).toBe(`Student ${student.username}`);
    await t.db.update(students).set({ name: 'Changed Directly' }).where(eq(students.id, student.entityId));
    vi.advanceTimersByTime(STEADY_TTL_MS - 1);
    expect((await me(token)).name).toBe(`Student ${student.username}`);
    vi.advanceTimersByTime(1);
    expect((await me(token)).name).toBe('Changed Directly');
  });
});
