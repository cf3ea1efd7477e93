import { formatMessage, MESSAGES, UTF8_BOM } from '@portal/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faculties, users } from '../../db/schema/index.js';
import { facultyCsv, goodFacultyRows, uploadAs } from '../../test/factories/faculty.js';
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

const url = '/api/faculties/csv';

async function importCsv(content: string, uploader = school.tokens.moderator) {
  const contentUrl = await uploadAs(t, uploader, 'faculty.csv', content);
  return t.app.inject({
    method: 'POST',
    url,
    payload: { content_url: contentUrl },
    headers: bearer(school.tokens.moderator),
  });
}

async function loginsNamed(prefix: string) {
  const [row] = await t.db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(like(users.username, `${prefix}.%`));
  return row!.count;
}

describe('POST /api/faculties/csv', () => {
  it('is for moderators only', async () => {
    await expectGuarded(t, school, { method: 'POST', url, payload: { content_url: '/files/x.csv' } }, [
      'moderator',
    ]);
  });

  it('reads a file that begins with a byte-order mark (the template, or Excel’s CSV UTF-8)', async () => {
    const rows = goodFacultyRows(1, 'bom');
    rows[0] = { ...rows[0]!, name: 'প্রিয়া সেন' };
    const response = await importCsv(`${UTF8_BOM}${facultyCsv(rows)}`);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.credentials).toEqual([
      { _id: expect.any(String), name: 'প্রিয়া সেন', username: 'bom.t0', password: expect.any(String) },
    ]);
  });

  it('creates every faculty member of a good file, with generated passwords, in one go', async () => {
    const rows = goodFacultyRows(25, 'good');
    const response = await importCsv(facultyCsv(rows));
    expect(response.statusCode, response.body).toBe(201);
    const { created, credentials } = response.json().data;
    expect(created).toBe(25);
    expect(credentials).toHaveLength(25);
    expect(credentials[0]).toEqual({
      _id: expect.any(String),
      name: 'Teacher good 1',
      username: 'good.t0',
      password: expect.stringMatching(/^\S{8,}$/),
    });
    const [second] = await t.db.select().from(faculties).where(eq(faculties.id, credentials[1]._id));
    expect(second).toMatchObject({
      institutionId: school.institution.id,
      name: 'Teacher good 2',
      gender: 'male',
      mobile: ['9000000001', '8000000001'],
      email: ['good.f1@school.test'],
      prn: 'good-F1',
      designation: 'Teacher',
    });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: credentials[0].username, password: credentials[0].password },
    });
    expect(signedIn.json().data.must_change_password).toBe(true);
  });

  it('accepts the columns in any order, only the required ones, and defaults usernames', async () => {
    const response = await importCsv('Mobile,Gender,Name\n9111100001,female,Only Required\n');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.credentials[0]).toMatchObject({
      name: 'Only Required',
      username: '9111100001',
    });
  });

  it('rejects a file with one bad row among many, names the row and writes nothing', async () => {
    const rows = goodFacultyRows(300, 'onebad');
    rows[149] = { ...rows[149], gender: 'unknown' };
    const response = await importCsv(facultyCsv(rows));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION',
      message: formatMessage(MESSAGES.csvRowsRejected, { count: '1', total: '300' }),
      fields: { 'row 151': 'gender: Gender must be male or female.' },
    });
    expect(await loginsNamed('onebad')).toBe(0);
  });

  it('reports every bad row with each reason', async () => {
    const rows = goodFacultyRows(4, 'many');
    rows[0] = { ...rows[0], name: '', mobile: '' };
    rows[2] = { ...rows[2], email: 'not-mail' };
    const response = await importCsv(facultyCsv(rows));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'row 2': `name: ${MESSAGES.fillTheForm}; mobile: ${MESSAGES.fillTheForm}`,
      'row 4': 'email: Please enter a valid e-mail address.',
    });
    expect(await loginsNamed('many')).toBe(0);
  });

  it('reports usernames repeated inside the file and ones that already exist', async () => {
    const rows = goodFacultyRows(4, 'dup');
    rows[2] = { ...rows[2], username: 'DUP.t0' };
    rows[3] = { ...rows[3], username: other.accounts.moderator.username.toUpperCase() };
    const response = await importCsv(facultyCsv(rows));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'row 4': formatMessage(MESSAGES.csvDuplicateUsername, { username: 'DUP.t0', row: '2' }),
      'row 5': formatMessage(MESSAGES.csvUsernameTaken, {
        username: other.accounts.moderator.username.toUpperCase(),
      }),
    });
    expect(await loginsNamed('dup')).toBe(0);
  });

  it.each([
    ['', MESSAGES.csvEmpty],
    ['name,gender,mobile\n', MESSAGES.csvEmpty],
    ['name,gender\nA,male\n', formatMessage(MESSAGES.csvMissingColumns, { columns: 'mobile' })],
    [
      'name,gender,mobile,salary\nA,male,9000000000,1\n',
      formatMessage(MESSAGES.csvUnknownColumns, { columns: 'salary' }),
    ],
  ])('refuses the file %j as a whole', async (content, message) => {
    const response = await importCsv(content || ' ');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.content_url).toBe(message);
  });

  it('reads only files uploaded to the portal by the caller’s institution (decision 12)', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url,
      payload: {},
      headers: bearer(school.tokens.moderator),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.content_url).toBe(MESSAGES.csvLocationRequired);

    for (const contentUrl of ['https://example.com/faculty.csv', '/files/../../etc/passwd']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { content_url: contentUrl },
        headers: bearer(school.tokens.moderator),
      });
      expect(response.statusCode, contentUrl).toBe(400);
      expect(response.json().error.fields.content_url).toBe(MESSAGES.csvNotOwnFile);
    }

    const theirs = await importCsv(facultyCsv(goodFacultyRows(1, 'theirs')), other.tokens.moderator);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.fields.content_url).toBe(MESSAGES.csvNotOwnFile);
    expect(await loginsNamed('theirs')).toBe(0);
  });

  it('creates the faculty in the caller’s institution only', async () => {
    await importCsv(facultyCsv(goodFacultyRows(2, 'scoped')));
    const rows = await t.db
      .select({ institutionId: faculties.institutionId })
      .from(faculties)
      .innerJoin(users, eq(users.id, faculties.userId))
      .where(and(like(users.username, 'scoped.%'), eq(users.permission, 'faculty')));
    expect(rows.map((row) => row.institutionId)).toEqual([school.institution.id, school.institution.id]);
  });
});
