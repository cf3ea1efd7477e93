import { execFileSync } from 'node:child_process';
import { MESSAGES } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchSubjects, faculties, users } from '../../db/schema/index.js';
import { expectLastAnswerWins } from '../../test/archive-race.js';
import { createFaculty, facultyBody } from '../../test/factories/faculty.js';
import { createBatchSubject } from '../../test/factories/subjects.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let other: Awaited<ReturnType<TestApp['createSchool']>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
});
afterAll(() => t.close());

const asModerator = () => bearer(school.tokens.moderator);

const pdfText = (pdf: Buffer) =>
  execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

async function login(username: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
}

async function addFaculty(overrides: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/faculties',
    payload: facultyBody(t, overrides),
    headers: asModerator(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    faculty: { _id: string; name: string; username: string };
    credential: { _id: string; name: string; username: string; password: string };
  };
}

describe('GET /api/faculties/complete-list', () => {
  const url = '/api/faculties/complete-list';

  it('is for moderators and faculty', async () => {
    await expectGuarded(t, school, { method: 'GET', url }, ['moderator', 'faculty']);
  });

  it('lists the institution’s active faculty members by name, with their designation', async () => {
    const fresh = await t.createSchool();
    const institutionId = fresh.institution.id;
    const aaron = await t.createAccount('faculty', { institutionId });
    await t.db
      .update(faculties)
      .set({ name: 'Aaron Abel', designation: 'HOD Science' })
      .where(eq(faculties.id, aaron.entityId));
    const archived = await t.createAccount('faculty', { institutionId });
    await t.db.update(faculties).set({ archivedAt: new Date() }).where(eq(faculties.id, archived.entityId));

    for (const token of [fresh.tokens.moderator, fresh.tokens.faculty]) {
      const response = await t.app.inject({ url, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.faculties).toEqual([
        { _id: aaron.entityId, name: 'Aaron Abel', designation: 'HOD Science' },
        {
          _id: fresh.accounts.faculty.entityId,
          name: `Faculty ${fresh.accounts.faculty.username}`,
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

describe('GET /api/faculties', () => {
  const url = '/api/faculties';

  it('is for moderators only', async () => {
    await expectGuarded(t, school, { method: 'GET', url }, ['moderator']);
  });

  it('lists every faculty member of the institution, archived ones too, newest first', async () => {
    const fresh = await t.createSchool();
    const institutionId = fresh.institution.id;
    const older = await createFaculty(t, institutionId, {
      name: 'Older Teacher',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    const archived = await createFaculty(t, institutionId, {
      name: 'Archived Teacher',
      archived: true,
      createdAt: new Date('2030-01-01T00:00:00Z'),
    });
    const response = await t.app.inject({ url, headers: bearer(fresh.tokens.moderator) });
    expect(response.statusCode).toBe(200);
    const list = response.json().data.faculties;
    expect(list.map((f: { _id: string }) => f._id)).toEqual([
      archived.entityId,
      fresh.accounts.faculty.entityId,
      older.entityId,
    ]);
    expect(list[0]).toEqual({
      _id: archived.entityId,
      user_id: archived.user.id,
      username: archived.username,
      name: 'Archived Teacher',
      gender: 'male',
      email: [`${archived.username}@school.test`],
      mobile: [],
      prn: null,
      designation: null,
      avatar: null,
      created_at: '2030-01-01T00:00:00.000Z',
      archived: true,
    });
    expect(list.map((f: { _id: string }) => f._id)).not.toContain(other.accounts.faculty.entityId);
  });
});

describe('POST /api/faculties', () => {
  const call = { method: 'POST' as const, url: '/api/faculties', payload: {} };

  it('is for moderators only', async () => {
    await expectGuarded(t, school, { ...call, payload: facultyBody(t) }, ['moderator']);
  });

  it('adds a faculty member whose generated password must be changed at the first sign-in', async () => {
    const response = await t.app.inject({
      ...call,
      payload: {
        name: '  Kavya Iyer ',
        gender: 'female',
        mobile: '98450 11111, 98450 22222',
        email: 'kavya@school.test; k.iyer@school.test',
        prn: 'FAC-900',
        designation: 'HOD Maths',
      },
      headers: asModerator(),
    });
    expect(response.statusCode).toBe(201);
    const { faculty, credential } = response.json().data;
    expect(faculty).toMatchObject({
      name: 'Kavya Iyer',
      gender: 'female',
      mobile: ['98450 11111', '98450 22222'],
      email: ['kavya@school.test', 'k.iyer@school.test'],
      prn: 'FAC-900',
      designation: 'HOD Maths',
      avatar: null,
      username: 'FAC-900',
      archived: false,
      created_at: t.clock.now().toISOString(),
    });
    expect(credential).toEqual({
      _id: faculty._id,
      name: 'Kavya Iyer',
      username: 'FAC-900',
      password: expect.stringMatching(/^\S{8,}$/),
    });

    const signedIn = await login('fac-900', credential.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.must_change_password).toBe(true);
    const me = await t.app.inject({
      url: '/api/faculties/complete-list',
      headers: bearer(signedIn.json().data.jwt),
    });
    expect(me.statusCode).toBe(403);
    expect(me.json().error.code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('takes the typed username, else the PRN, else the first mobile (decision 4)', async () => {
    const typed = await addFaculty({ username: t.unique('typed.'), prn: t.unique('P') });
    expect(typed.credential.username).toMatch(/^typed\./);
    const byMobile = await addFaculty({ mobile: ['9000011111', '9000022222'] });
    expect(byMobile.credential.username).toBe('9000011111');
  });

  it('accepts an avatar stored on the portal only', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/s3/v2',
      payload: (() => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]), 'face.png');
        return form;
      })(),
      headers: asModerator(),
    });
    const avatar = upload.json().data.publicUrl as string;
    const created = await addFaculty({ avatar });
    expect(created.faculty).toMatchObject({ avatar });
  });

  it('answers 409 for a username that exists anywhere, in any case', async () => {
    const response = await t.app.inject({
      ...call,
      payload: facultyBody(t, { username: other.accounts.moderator.username.toUpperCase() }),
      headers: asModerator(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.usernameExists);
  });

  it.each([
    [{ name: undefined }, 'name', MESSAGES.fillTheForm],
    [{ name: '   ' }, 'name', MESSAGES.fillTheForm],
    [{ gender: undefined }, 'gender', MESSAGES.fillTheForm],
    [{ gender: 'other' }, 'gender', 'Gender must be male or female.'],
    [{ mobile: undefined }, 'mobile', MESSAGES.fillTheForm],
    [{ mobile: ' , ' }, 'mobile', MESSAGES.fillTheForm],
    [{ mobile: ['12ab'] }, 'mobile', 'Please enter a valid mobile number.'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid e-mail address.'],
    [{ username: 'a b' }, 'username', 'A user name may use letters, digits and . _ @ + - only.'],
    [{ avatar: 'https://tracker.example/pixel.png' }, 'avatar', MESSAGES.avatarNotOwnFile],
  ])('refuses %j with a message on %s and creates nothing', async (overrides, field, message) => {
    const before = await t.db.select({ count: sql<number>`count(*)::int` }).from(users);
    const response = await t.app.inject({
      ...call,
      payload: facultyBody(t, overrides),
      headers: asModerator(),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.entries(response.json().error.fields).find(([key]) => key.startsWith(field))?.[1]).toBe(
      message,
    );
    const after = await t.db.select({ count: sql<number>`count(*)::int` }).from(users);
    expect(after[0]!.count).toBe(before[0]!.count);
  });
});

describe('GET /api/faculties/{id}', () => {
  it('is for moderators only', async () => {
    const url = `/api/faculties/${school.accounts.faculty.entityId}`;
    await expectGuarded(t, school, { method: 'GET', url }, ['moderator']);
  });

  it('answers 404 for another institution’s faculty and 400 for a malformed id', async () => {
    const theirs = await t.app.inject({
      url: `/api/faculties/${other.accounts.faculty.entityId}`,
      headers: asModerator(),
    });
    expect(theirs.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: '/api/faculties/nope', headers: asModerator() });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers the member with the live batch subjects they are assigned to', async () => {
    const member = await createFaculty(t, school.institution.id, { name: 'Batch Teacher' });
    const taught = await createBatchSubject(t, school.institution.id, school.batch.id, {
      facultyIds: [member.entityId],
    });
    const deleted = await createBatchSubject(t, school.institution.id, school.batch.id, {
      facultyIds: [member.entityId],
    });
    await t.db.update(batchSubjects).set({ deletedAt: new Date() }).where(eq(batchSubjects.id, deleted.id));
    const response = await t.app.inject({ url: `/api/faculties/${member.entityId}`, headers: asModerator() });
    expect(response.statusCode).toBe(200);
    const { faculty } = response.json().data;
    expect(faculty).toMatchObject({ _id: member.entityId, name: 'Batch Teacher', archived: false });
    expect(faculty.batch_subjects).toEqual([
      {
        _id: taught.id,
        batch_id: school.batch.id,
        batch_title: school.batch.title,
        subject_title: expect.stringMatching(/^Subject /),
      },
    ]);
  });
});

describe('PATCH /api/faculties/{id}', () => {
  it('is for moderators only, and 404 for another institution’s faculty', async () => {
    const url = `/api/faculties/${school.accounts.faculty.entityId}`;
    await expectGuarded(t, school, { method: 'PATCH', url, payload: { name: 'x' } }, ['moderator']);
    const theirs = await t.app.inject({
      method: 'PATCH',
      url: `/api/faculties/${other.accounts.faculty.entityId}`,
      payload: { name: 'Stolen' },
      headers: asModerator(),
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('changes the fields sent, leaves the others, and clears an emptied optional one', async () => {
    const { faculty } = await addFaculty({ prn: t.unique('PRN'), designation: 'Teacher' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/faculties/${faculty._id}`,
      payload: { name: 'Renamed Teacher', email: 'a@school.test, b@school.test', prn: '' },
      headers: asModerator(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.faculty).toMatchObject({
      _id: faculty._id,
      name: 'Renamed Teacher',
      email: ['a@school.test', 'b@school.test'],
      prn: null,
      designation: 'Teacher',
      gender: 'female',
    });
  });

  it.each([
    [{ name: ' ' }, 'name', MESSAGES.fillTheForm],
    [{ gender: 'x' }, 'gender', 'Gender must be male or female.'],
    [{ mobile: '' }, 'mobile', MESSAGES.fillTheForm],
    [{ email: 'nope' }, 'email', 'Please enter a valid e-mail address.'],
    [{ avatar: 'https://elsewhere.example/a.png' }, 'avatar', MESSAGES.avatarNotOwnFile],
  ])('refuses %j with a message on %s', async (payload, field, message) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/faculties/${school.accounts.faculty.entityId}`,
      payload,
      headers: asModerator(),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.entries(response.json().error.fields).find(([key]) => key.startsWith(field))?.[1]).toBe(
      message,
    );
  });
});

describe('DELETE /api/faculties/{id} and PATCH /api/faculties/dearc/faculty/{id}', () => {
  it('concurrent archive and unarchive of one member end in the state of the last answer, on both rows', async () => {
    const { faculty } = await addFaculty();
    const call = (method: 'DELETE' | 'PATCH', url: string) =>
      t.app.inject({ method, url, headers: asModerator() });
    await expectLastAnswerWins({
      archive: () => call('DELETE', `/api/faculties/${faculty._id}`),
      unarchive: () => call('PATCH', `/api/faculties/dearc/faculty/${faculty._id}`),
      archivedRows: async () => {
        const [row] = await t.db
          .select({ profile: faculties.archivedAt, login: users.archivedAt })
          .from(faculties)
          .innerJoin(users, eq(users.id, faculties.userId))
          .where(eq(faculties.id, faculty._id));
        return { profile: row!.profile !== null, login: row!.login !== null };
      },
    });
  });

  it('are for moderators only, and 404 for another institution’s faculty', async () => {
    const id = school.accounts.faculty.entityId;
    await expectGuarded(t, school, { method: 'DELETE', url: `/api/faculties/${id}` }, ['moderator']);
    await expectGuarded(t, school, { method: 'PATCH', url: `/api/faculties/dearc/faculty/${id}` }, [
      'moderator',
    ]);
    const theirs = other.accounts.faculty.entityId;
    for (const [method, url] of [
      ['DELETE', `/api/faculties/${theirs}`],
      ['PATCH', `/api/faculties/dearc/faculty/${theirs}`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: asModerator() });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('archive blocks sign-in and revokes tokens; unarchive lets the member back in', async () => {
    const member = await createFaculty(t, school.institution.id, { name: 'Leaving Teacher' });
    const token = await t.login(member.username);

    const archived = await t.app.inject({
      method: 'DELETE',
      url: `/api/faculties/${member.entityId}`,
      headers: asModerator(),
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toEqual({ archived: true });
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    expect((await login(member.username, TEST_PASSWORD)).statusCode).toBe(401);
    const detail = await t.app.inject({ url: `/api/faculties/${member.entityId}`, headers: asModerator() });
    expect(detail.json().data.faculty.archived).toBe(true);
    const active = await t.app.inject({ url: '/api/faculties/complete-list', headers: asModerator() });
    expect(active.json().data.faculties.map((f: { _id: string }) => f._id)).not.toContain(member.entityId);

    const restored = await t.app.inject({
      method: 'PATCH',
      url: `/api/faculties/dearc/faculty/${member.entityId}`,
      headers: asModerator(),
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.faculty).toMatchObject({ _id: member.entityId, archived: false });
    expect((await login(member.username, TEST_PASSWORD)).statusCode).toBe(200);
    // The token from before the archive stays revoked.
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });
});

describe('POST /api/faculties/reset-password', () => {
  const url = '/api/faculties/reset-password';

  it('is for moderators only', async () => {
    await expectGuarded(
      t,
      school,
      { method: 'POST', url, payload: { faculty_id: school.accounts.faculty.entityId } },
      ['moderator'],
    );
  });

  it('answers 400 without a selection and 404 when any id is another institution’s', async () => {
    const empty = await t.app.inject({ method: 'POST', url, payload: {}, headers: asModerator() });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.faculty_ids).toBe(MESSAGES.selectFaculty);
    const none = await t.app.inject({
      method: 'POST',
      url,
      payload: { faculty_ids: [] },
      headers: asModerator(),
    });
    expect(none.statusCode).toBe(400);
    const mixed = await t.app.inject({
      method: 'POST',
      url,
      payload: { faculty_ids: [school.accounts.faculty.entityId, other.accounts.faculty.entityId] },
      headers: asModerator(),
    });
    expect(mixed.statusCode).toBe(404);
  });

  it('issues new passwords that must be changed at the next sign-in; old tokens stop working', async () => {
    const a = await createFaculty(t, school.institution.id, { name: 'Reset A' });
    const b = await createFaculty(t, school.institution.id, { name: 'Reset B' });
    const oldToken = await t.login(a.username);

    const single = await t.app.inject({
      method: 'POST',
      url,
      payload: { faculty_id: a.entityId },
      headers: asModerator(),
    });
    expect(single.statusCode).toBe(200);
    expect(single.json().data.credentials).toEqual([
      { _id: a.entityId, name: 'Reset A', username: a.username, password: expect.any(String) },
    ]);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(oldToken) })).statusCode).toBe(401);

    const bulk = await t.app.inject({
      method: 'POST',
      url,
      payload: { faculty_ids: [b.entityId, a.entityId] },
      headers: asModerator(),
    });
    const credentials = bulk.json().data.credentials as {
      name: string;
      username: string;
      password: string;
    }[];
    expect(credentials.map((c) => c.name)).toEqual(['Reset A', 'Reset B']);
    for (const credential of credentials) {
      expect((await login(credential.username, TEST_PASSWORD)).statusCode).toBe(401);
      const signedIn = await login(credential.username, credential.password);
      expect(signedIn.json().data.must_change_password).toBe(true);
    }
  });
});

describe('PUT /api/faculties/new-user', () => {
  const url = '/api/faculties/new-user';

  it('is for moderators only, and 404 for another institution’s faculty', async () => {
    await expectGuarded(
      t,
      school,
      { method: 'PUT', url, payload: { faculty_id: school.accounts.faculty.entityId } },
      ['moderator'],
    );
    const theirs = await t.app.inject({
      method: 'PUT',
      url,
      payload: { faculty_id: other.accounts.faculty.entityId, username: t.unique('x') },
      headers: asModerator(),
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('answers 400 for a missing id or a malformed username, 409 for a taken one', async () => {
    const missing = await t.app.inject({ method: 'PUT', url, payload: {}, headers: asModerator() });
    expect(missing.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'PUT',
      url,
      payload: { faculty_id: school.accounts.faculty.entityId, username: 'no spaces' },
      headers: asModerator(),
    });
    expect(malformed.statusCode).toBe(400);
    const taken = await t.app.inject({
      method: 'PUT',
      url,
      payload: { faculty_id: school.accounts.faculty.entityId, username: other.accounts.student.username },
      headers: asModerator(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(MESSAGES.usernameExists);
  });

  it('gives the member a new username and a generated password', async () => {
    const member = await createFaculty(t, school.institution.id, { name: 'Renamed Login' });
    const username = t.unique('new.login.');
    const response = await t.app.inject({
      method: 'PUT',
      url,
      payload: { faculty_id: member.entityId, username },
      headers: asModerator(),
    });
    expect(response.statusCode).toBe(200);
    const { credential } = response.json().data;
    expect(credential).toMatchObject({ _id: member.entityId, name: 'Renamed Login', username });
    expect((await login(member.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(username, credential.password)).json().data.must_change_password).toBe(true);
  });
});

describe('GET /api/faculties/pdf', () => {
  const url = '/api/faculties/pdf';

  it('is for moderators only', async () => {
    await expectGuarded(t, school, { method: 'GET', url }, ['moderator']);
  });

  it('is the institution’s faculty list with its name and academic year', async () => {
    const member = await createFaculty(t, school.institution.id, { name: 'Zoya Printed' });
    const response = await t.app.inject({ url, headers: asModerator() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('faculty-list.pdf');
    const text = pdfText(response.rawPayload);
    expect(text).toContain(school.institution.title);
    expect(text).toContain('Academic Year: 2026-27');
    expect(text).toContain('Zoya Printed');
    expect(text).toContain(member.username);
    expect(text).not.toContain(other.accounts.faculty.username);
  });
});
