import { execFileSync } from 'node:child_process';
import { MESSAGES, UTF8_BOM } from '@portal/shared';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchSubjectStudents, students, users } from '../../db/schema/index.js';
import { goodCsvRows, studentCsv, uploadFile } from '../../test/factories/students.js';
import { createBatchSubject } from '../../test/factories/subjects.js';
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

const asModerator = () => bearer(school.tokens.moderator);

const pdfText = (pdf: Buffer) =>
  execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

async function importCsv(batchId: string, content: string, token = school.tokens.moderator) {
  const contentUrl = await uploadFile(t, token, 'students.csv', content);
  return t.app.inject({
    method: 'POST',
    url: `/api/batches/${batchId}/students/csv`,
    payload: { content_url: contentUrl },
    headers: asModerator(),
  });
}

async function usersNamed(prefix: string) {
  const [row] = await t.db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(like(users.username, `${prefix}.%`));
  return row!.count;
}

describe('POST /api/batches/{batchId}/students/csv', () => {
  it('is for moderators only', async () => {
    const payload = { content_url: '/files/x/y.csv' };
    await expectGuarded(
      t,
      school,
      { method: 'POST', url: `/api/batches/${school.batch.id}/students/csv`, payload },
      ['moderator'],
    );
  });

  it('reads a file that begins with a byte-order mark (the template, or Excel’s CSV UTF-8)', async () => {
    const batch = await t.createBatch(school.institution.id);
    const prefix = t.unique('bom');
    const rows = goodCsvRows(1, prefix);
    rows[0] = { ...rows[0]!, name: 'அனிதா குமார்' };
    const response = await importCsv(batch.id, `${UTF8_BOM}${studentCsv(rows)}`);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.credentials).toEqual([
      { _id: expect.any(String), name: 'அனிதா குமார்', username: `${prefix}.0`, password: expect.any(String) },
    ]);
  });

  it('imports a good file in one go: logins, students, enrolments and credentials', async () => {
    const batch = await t.createBatch(school.institution.id);
    const subject = await createBatchSubject(t, school.institution.id, batch.id);
    const prefix = t.unique('good');
    const rows = goodCsvRows(3, prefix);
    rows[2] = { ...rows[2], username: '', prn: '', mobile: '9111111111', email: '' };
    const response = await importCsv(batch.id, studentCsv(rows));
    expect(response.statusCode, response.body).toBe(201);
    const { created, credentials } = response.json().data;
    expect(created).toBe(3);
    expect(credentials).toEqual([
      { _id: expect.any(String), name: rows[0]!.name, username: `${prefix}.0`, password: expect.any(String) },
      { _id: expect.any(String), name: rows[1]!.name, username: `${prefix}.1`, password: expect.any(String) },
      { _id: expect.any(String), name: rows[2]!.name, username: '9111111111', password: expect.any(String) },
    ]);

    const list = await t.app.inject({ url: `/api/batches/${batch.id}/students`, headers: asModerator() });
    const [first] = list.json().data.students;
    expect(first).toMatchObject({
      name: rows[0]!.name,
      gender: 'female',
      date_of_birth: '2011-09-05',
      mobile: ['9000000000', '8000000000'],
      email: [`${prefix}.s0@school.test`],
      father_name: 'Ravi',
      admission_year: '2026-27',
    });
    const enrolled = await t.db
      .select()
      .from(batchSubjectStudents)
      .where(eq(batchSubjectStudents.batchSubjectId, subject.id));
    expect(enrolled).toHaveLength(3);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: credentials[1].username, password: credentials[1].password },
    });
    expect(login.json().data.must_change_password).toBe(true);
  });

  it('takes the columns in any order and any case', async () => {
    const prefix = t.unique('order');
    const columns = ['USERNAME', 'Mobile', 'Date_Of_Birth', 'gender', 'Name'];
    const content = `${columns.join(',')}\n${prefix}.1,9222222222,01/01/2012,male,Kabir\n`;
    const response = await importCsv(school.batch.id, content);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.credentials[0]).toMatchObject({ username: `${prefix}.1`, name: 'Kabir' });
  });

  it('rejects the whole file with each bad row’s line and reasons, writing nothing', async () => {
    const prefix = t.unique('bad');
    const rows = goodCsvRows(8, prefix);
    rows[1] = { ...rows[1], gender: 'x' };
    rows[2] = { ...rows[2], date_of_birth: '2011-09-05' };
    rows[3] = { ...rows[3], name: '', mobile: '' };
    rows[4] = { ...rows[4], username: `${prefix}.0` };
    rows[5] = { ...rows[5], username: school.accounts.faculty.username.toUpperCase() };
    rows[6] = { ...rows[6], email: 'nope', date_of_birth: '31/02/2011' };
    const response = await importCsv(school.batch.id, studentCsv(rows));
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.message).toBe('Unable to Upload! 6 of 8 rows have problems; nothing was saved.');
    expect(error.fields).toEqual({
      'row 3': 'gender: Gender must be male or female.',
      'row 4': `date_of_birth: ${MESSAGES.csvDateFormat}`,
      'row 5': `name: ${MESSAGES.fillAllMandatoryFields}; mobile: ${MESSAGES.fillAllMandatoryFields}`,
      'row 6': `The username ${prefix}.0 is also used on row 2.`,
      'row 7': `Username already exists: ${school.accounts.faculty.username.toUpperCase()}.`,
      'row 8': `date_of_birth: ${MESSAGES.dateOfBirthNoSuchDay}; email: ${MESSAGES.emailInvalid}`,
    });
    expect(await usersNamed(prefix)).toBe(0);
  });

  it.each([
    ['a file of blank lines', '\n\n', MESSAGES.csvEmpty],
    ['a header only', 'name,gender,date_of_birth,mobile\n', MESSAGES.csvEmpty],
    [
      'missing columns',
      'name,gender\nAsha,female\n',
      'The file is missing the columns: date_of_birth, mobile.',
    ],
    [
      'an unknown column',
      'name,gender,date_of_birth,mobile,class\nAsha,female,01/01/2011,9000000000,10\n',
      'The file has columns the portal does not know: class.',
    ],
  ])('refuses %s with a clear message', async (_case, content, message) => {
    const response = await importCsv(school.batch.id, content);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('never gets an empty file: the upload itself refuses it with a clear message', async () => {
    const form = new FormData();
    form.append('file', new Blob([]), 'students.csv');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/s3/v2?purpose=import',
      payload: form,
      headers: asModerator(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.fileEmpty);
  });

  it('refuses a file that is not CSV', async () => {
    const response = await importCsv(school.batch.id, 'name,gender\n"unclosed,female\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^The file could not be read as CSV: /);
  });

  it('refuses any location but a file this institution uploaded to the portal (decision 12)', async () => {
    const theirs = await uploadFile(t, other.tokens.moderator, 'theirs.csv', studentCsv(goodCsvRows(1, 'x')));
    for (const contentUrl of [
      'https://example.com/students.csv',
      'http://169.254.169.254/latest/meta-data',
      '/files/../secrets.json',
      `/files/${school.institution.id}/missing-file.csv`,
      theirs,
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/batches/${school.batch.id}/students/csv`,
        payload: { content_url: contentUrl },
        headers: asModerator(),
      });
      expect(response.statusCode, contentUrl).toBe(400);
      expect(response.json().error.fields.content_url).toBe(MESSAGES.csvNotOwnFile);
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/batches/${school.batch.id}/students/csv`,
      payload: { content_url: ' ' },
      headers: asModerator(),
    });
    expect(empty.json().error.fields.content_url).toBe(MESSAGES.csvLocationRequired);
  });

  it('answers 404 for another institution’s batch', async () => {
    const response = await importCsv(other.batch.id, studentCsv(goodCsvRows(1, t.unique('foreign'))));
    expect(response.statusCode).toBe(404);
  });

  it('imports 2,000 rows in one request within 10 seconds', { timeout: 60_000 }, async () => {
    const batch = await t.createBatch(school.institution.id);
    await createBatchSubject(t, school.institution.id, batch.id);
    const prefix = t.unique('bulk');
    const contentUrl = await uploadFile(
      t,
      school.tokens.moderator,
      'big.csv',
      studentCsv(goodCsvRows(2000, prefix)),
    );
    const started = performance.now();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/batches/${batch.id}/students/csv`,
      payload: { content_url: contentUrl },
      headers: asModerator(),
    });
    const seconds = (performance.now() - started) / 1000;
    console.info(`2,000-row import took ${seconds.toFixed(2)} s`);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(201);
    expect(response.json().data.created).toBe(2000);
    expect(seconds).toBeLessThan(10);
    const [count] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(students)
      .where(eq(students.batchId, batch.id));
    expect(count!.count).toBe(2000);
    const [enrolled] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(batchSubjectStudents)
      .innerJoin(students, eq(students.id, batchSubjectStudents.studentId))
      .where(eq(students.batchId, batch.id));
    expect(enrolled!.count).toBe(2000);
  });

  it('rejects 2,000 rows with one bad row, naming it and writing nothing', async () => {
    const prefix = t.unique('onebad');
    const rows = goodCsvRows(2000, prefix);
    rows[1499] = { ...rows[1499], date_of_birth: '1/2/2011' };
    const response = await importCsv(school.batch.id, studentCsv(rows));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ 'row 1501': `date_of_birth: ${MESSAGES.csvDateFormat}` });
    expect(response.json().error.message).toBe(
      'Unable to Upload! 1 of 2000 rows have problems; nothing was saved.',
    );
    expect(await usersNamed(prefix)).toBe(0);
  });
});

describe('GET /api/batches/{batchId}/students/pdf', () => {
  it('is for moderators only', async () => {
    await expectGuarded(t, school, { method: 'GET', url: `/api/batches/${school.batch.id}/students/pdf` }, [
      'moderator',
    ]);
  });

  it('renders the batch’s students with dates of birth as DD-MM-YYYY', async () => {
    const batch = await t.createBatch(school.institution.id, 'Class 7 B');
    const prefix = t.unique('pdf');
    const rows = goodCsvRows(2, prefix).map((row, index) => ({ ...row, name: `Pupil ${index} ${prefix}` }));
    rows[1] = { ...rows[1], date_of_birth: '28/02/2012' };
    expect((await importCsv(batch.id, studentCsv(rows))).statusCode).toBe(201);
    const response = await t.app.inject({
      url: `/api/batches/${batch.id}/students/pdf`,
      headers: asModerator(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="students-class-7-b.pdf"');
    expect(response.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfText(response.rawPayload);
    expect(text).toContain(school.institution.title);
    expect(text).toContain('List of Students - Class 7 B');
    expect(text).toContain('Academic Year: 2026-27');
    expect(text).toMatch(new RegExp(`Pupil 0 ${prefix}\\s+05-09-2011`));
    expect(text).toMatch(new RegExp(`Pupil 1 ${prefix}\\s+28-02-2012`));
  });

  it('answers 404 for another institution’s batch', async () => {
    const response = await t.app.inject({
      url: `/api/batches/${other.batch.id}/students/pdf`,
      headers: asModerator(),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/credentials/sheet', () => {
  const payload = {
    title: 'Student credentials',
    accounts: [
      { name: 'Meera Nair', username: 'meera.n', password: 'Kp7wQmZx@4' },
      { name: 'Kabir Rao', username: 'kabir.r', password: 'Tn3vBdLs@9' },
    ],
  };

  it('is for moderators only', async () => {
    await expectGuarded(t, school, { method: 'POST', url: '/api/credentials/sheet', payload }, ['moderator']);
  });

  it('prints the accounts sent, under the institution’s name', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/credentials/sheet',
      payload,
      headers: asModerator(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = pdfText(response.rawPayload);
    expect(text).toContain(school.institution.title);
    expect(text).toMatch(/Meera Nair\s+meera\.n\s+Kp7wQmZx@4/);
    expect(text).toMatch(/Kabir Rao\s+kabir\.r\s+Tn3vBdLs@9/);
  });

  it('refuses a sheet without accounts or title', async () => {
    for (const body of [{ ...payload, accounts: [] }, { accounts: payload.accounts }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/credentials/sheet',
        payload: body,
        headers: asModerator(),
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
