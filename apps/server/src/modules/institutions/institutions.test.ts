import { MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions } from '../../db/schema/index.js';
import { createOwner, institutionBody } from '../../test/factories/institutions.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let owner: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  owner = await createOwner(t);
});
afterAll(() => t.close());

const asOwner = () => bearer(owner.token);
const missingId = '00000000-0000-4000-8000-000000000000';

async function listIds(): Promise<string[]> {
  const response = await t.app.inject({ url: '/api/institutions', headers: asOwner() });
  return response.json().data.institutions.map((row: { _id: string }) => row._id);
}

describe('GET /api/institutions', () => {
  it('is for owners only', async () => {
    await expectGuarded(t, school, { method: 'GET', url: '/api/institutions' }, ['owner']);
  });

  it('lists visible institutions oldest first, without archived ones', async () => {
    const older = await t.createInstitution({ createdAt: new Date('2020-01-01T00:00:00Z') });
    const hidden = await t.createInstitution({ visibility: false });
    const response = await t.app.inject({ url: '/api/institutions', headers: asOwner() });
    expect(response.statusCode).toBe(200);
    const rows = response.json().data.institutions;
    expect(rows[0]).toEqual({
      _id: older.id,
      title: older.title,
      nav_logo: '',
      academic_year: '2026-27',
      sealtabs_institution_id: null,
      time_zone: null,
      default_language: 'en',
      visibility: true,
    });
    const ids = rows.map((row: { _id: string }) => row._id);
    expect(ids).toContain(school.institution.id);
    expect(ids).not.toContain(hidden.id);
  });
});

describe('POST /api/institutions', () => {
  const call = () => ({ method: 'POST' as const, url: '/api/institutions', payload: institutionBody(t) });

  it('is for owners only', async () => {
    await expectGuarded(t, school, call(), ['owner']);
  });

  it('creates a visible institution', async () => {
    const payload = institutionBody(t, { nav_logo: 'https://cdn.example.com/logo.png' });
    const response = await t.app.inject({ ...call(), payload, headers: asOwner() });
    expect(response.statusCode).toBe(201);
    const institution = response.json().data.institution;
    expect(institution).toEqual({
      _id: expect.any(String),
      title: payload.title,
      nav_logo: 'https://cdn.example.com/logo.png',
      academic_year: '2026-27',
      sealtabs_institution_id: null,
      time_zone: null,
      default_language: 'en',
      visibility: true,
    });
    expect(await listIds()).toContain(institution._id);
  });

  it('keeps the language its new accounts start in', async () => {
    const payload = institutionBody(t, { default_language: 'ta' });
    const response = await t.app.inject({ ...call(), payload, headers: asOwner() });
    expect(response.statusCode, response.body).toBe(201);
    const { _id, default_language } = response.json().data.institution;
    expect(default_language).toBe('ta');
    const [stored] = await t.db
      .select({ defaultLanguage: institutions.defaultLanguage })
      .from(institutions)
      .where(eq(institutions.id, _id));
    expect(stored?.defaultLanguage).toBe('ta');
  });

  it.each([
    [{ title: undefined }, 'title', MESSAGES.fillTheForm],
    [{ title: '   ' }, 'title', MESSAGES.fillTheForm],
    [{ title: 'x'.repeat(151) }, 'title', 'At most 150 characters.'],
    [{ nav_logo: undefined }, 'nav_logo', MESSAGES.fillTheForm],
    [{ nav_logo: '' }, 'nav_logo', MESSAGES.fillTheForm],
    [{ nav_logo: 'javascript:alert(1)' }, 'nav_logo', 'Please upload the file again.'],
    [{ academic_year: undefined }, 'academic_year', 'Academic year must look like 2024-25.'],
    [{ academic_year: '2026/27' }, 'academic_year', 'Academic year must look like 2024-25.'],
    [{ academic_year: '2026-29' }, 'academic_year', 'The second year must follow the first (2024-25).'],
    [{ default_language: 'fr' }, 'default_language', MESSAGES.languageUnknown],
    [{ default_language: 'en-XA' }, 'default_language', MESSAGES.languageUnknown],
    [{ default_language: 7 }, 'default_language', MESSAGES.languageUnknown],
  ])('refuses %j with a message on %s', async (overrides, field, message) => {
    const payload = institutionBody(t, overrides);
    const response = await t.app.inject({ ...call(), payload, headers: asOwner() });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });
});

describe('PATCH /api/institutions/{id}', () => {
  const body = { title: 'Renamed School', sealtabs_institution_id: 'ST-42', academic_year: '2027-28' };

  it('is for owners only', async () => {
    const url = `/api/institutions/${school.institution.id}`;
    await expectGuarded(t, school, { method: 'PATCH', url, payload: body }, ['owner']);
  });

  it('edits title, SEALTABS id and academic year', async () => {
    const target = await t.createInstitution({ navLogo: '/files/a.png' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/institutions/${target.id}`,
      payload: body,
      headers: asOwner(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.institution).toMatchObject({
      _id: target.id,
      title: 'Renamed School',
      sealtabs_institution_id: 'ST-42',
      academic_year: '2027-28',
      nav_logo: '/files/a.png',
      visibility: true,
    });

    const kept = await t.app.inject({
      method: 'PATCH',
      url: `/api/institutions/${target.id}`,
      payload: { title: 'Again', academic_year: '2027-28' },
      headers: asOwner(),
    });
    expect(kept.json().data.institution.sealtabs_institution_id).toBe('ST-42');
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/institutions/${target.id}`,
      payload: { ...body, sealtabs_institution_id: '' },
      headers: asOwner(),
    });
    expect(cleared.json().data.institution.sealtabs_institution_id).toBeNull();
  });

  it('answers 404 for an unknown or archived institution and changes nothing', async () => {
    const archived = await t.createInstitution({ visibility: false, title: 'Closed school' });
    for (const id of [missingId, archived.id]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/institutions/${id}`,
        payload: body,
        headers: asOwner(),
      });
      expect(response.statusCode).toBe(404);
    }
    const [row] = await t.db.select().from(institutions).where(eq(institutions.id, archived.id));
    expect(row?.title).toBe('Closed school');
  });

  it.each([
    [{ title: '' }, 'title', MESSAGES.fillTheForm],
    [{ academic_year: '27-28' }, 'academic_year', 'Academic year must look like 2024-25.'],
    [{ academic_year: '2027-27' }, 'academic_year', 'The second year must follow the first (2024-25).'],
    [{ sealtabs_institution_id: 'x'.repeat(101) }, 'sealtabs_institution_id', 'At most 100 characters.'],
  ])('refuses %j with a message on %s', async (overrides, field, message) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/institutions/${school.institution.id}`,
      payload: { ...body, ...overrides },
      headers: asOwner(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('answers 400 for a malformed id', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/institutions/not-a-uuid',
      payload: body,
      headers: asOwner(),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('DELETE /api/institutions/{id}', () => {
  it('is for owners only', async () => {
    const url = `/api/institutions/${school.institution.id}`;
    await expectGuarded(t, school, { method: 'DELETE', url }, ['owner']);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/institutions/${missingId}`,
      headers: asOwner(),
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'DELETE',
      url: '/api/institutions/42',
      headers: asOwner(),
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('archives: hidden from the list, kept in the database, its accounts stop at once', async () => {
    const doomed = await t.createSchool();
    // The moderator's token works (and its account is now in the guard's cache).
    const before = await t.app.inject({ url: '/api/batches', headers: bearer(doomed.tokens.moderator) });
    expect(before.statusCode).toBe(200);

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/institutions/${doomed.institution.id}`,
      headers: asOwner(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { archived: true } });

    expect(await listIds()).not.toContain(doomed.institution.id);
    const [row] = await t.db.select().from(institutions).where(eq(institutions.id, doomed.institution.id));
    expect(row?.visibility).toBe(false);

    for (const token of Object.values(doomed.tokens)) {
      const after = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
      expect(after.statusCode).toBe(401);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: doomed.accounts.moderator.username, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/institutions/${doomed.institution.id}`,
      headers: asOwner(),
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('POST /api/cwx/users', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    username: t.unique('head'),
    password: 'Strong@123',
    institution_id: school.institution.id,
    ...overrides,
  });

  it('is for owners only', async () => {
    await expectGuarded(t, school, { method: 'POST', url: '/api/cwx/users', payload: body() }, ['owner']);
  });

  it('creates a moderator who signs in to that institution', async () => {
    const payload = body({ permission: 'owner', email: 'head@school.test' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cwx/users',
      payload,
      headers: asOwner(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.user).toEqual({
      _id: expect.any(String),
      username: payload.username,
      permission: 'moderator',
      institution_id: school.institution.id,
    });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: payload.username, password: 'Strong@123' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({
      permission: 'moderator',
      institution_id: school.institution.id,
      institution_title: school.institution.title,
    });
    const batches = await t.app.inject({ url: '/api/batches', headers: bearer(login.json().data.jwt) });
    expect(batches.json().data.batches.map((batch: { _id: string }) => batch._id)).toEqual([school.batch.id]);
  });

  it('answers 409 for a taken username, whatever its case', async () => {
    const taken = school.accounts.faculty.username.toUpperCase();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cwx/users',
      payload: body({ username: taken }),
      headers: asOwner(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'CONFLICT', message: MESSAGES.usernameExists });
  });

  it('keeps one login when the same new username is sent twice at once', async () => {
    const payload = body();
    const answers = await Promise.all(
      [0, 1].map(() => t.app.inject({ method: 'POST', url: '/api/cwx/users', payload, headers: asOwner() })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers 404 for an unknown or archived institution', async () => {
    const archived = await t.createInstitution({ visibility: false });
    for (const institutionId of [missingId, archived.id]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/cwx/users',
        payload: body({ institution_id: institutionId }),
        headers: asOwner(),
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it.each([
    [{ username: '' }, 'username', MESSAGES.enterUsername],
    [{ username: undefined }, 'username', MESSAGES.enterUsername],
    [{ password: undefined }, 'password', MESSAGES.enterPassword],
    [{ password: 'short' }, 'password', MESSAGES.passwordTooShort],
    [{ institution_id: 'nope' }, 'institution_id', MESSAGES.invalidId],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
  ])('refuses %j with a message on %s', async (overrides, field, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cwx/users',
      payload: body(overrides),
      headers: asOwner(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });
});
