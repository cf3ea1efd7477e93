import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faculties } from '../../db/schema/index.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let other: Awaited<ReturnType<TestApp['createSchool']>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
});
afterAll(() => t.close());

describe('GET /api/faculties/complete-list', () => {
  const url = '/api/faculties/complete-list';

  it('is for moderators and faculty', async () => {
    await expectGuarded(t, school, { method: 'GET', url }, ['moderator', 'faculty']);
  });

  it('lists the institution’s active faculty members by name, with their designation', async () => {
    const institutionId = school.institution.id;
    const aaron = await t.createAccount('faculty', { institutionId });
    await t.db
      .update(faculties)
      .set({ name: 'Aaron Abel', designation: 'HOD Science' })
      .where(eq(faculties.id, aaron.entityId));
    const archived = await t.createAccount('faculty', { institutionId });
    await t.db.update(faculties).set({ archivedAt: new Date() }).where(eq(faculties.id, archived.entityId));

    for (const token of [school.tokens.moderator, school.tokens.faculty]) {
      const response = await t.app.inject({ url, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.faculties).toEqual([
        { _id: aaron.entityId, name: 'Aaron Abel', designation: 'HOD Science' },
        {
          _id: school.accounts.faculty.entityId,
          name: `Faculty ${school.accounts.faculty.username}`,
          designation: null,
        },
      ]);
    }
    const theirs = await t.app.inject({ url, headers: bearer(other.tokens.moderator) });
    expect(theirs.json().data.faculties.map((f: { _id: string }) => f._id)).toEqual([
      other.accounts.faculty.entityId,
    ]);
  });
});
