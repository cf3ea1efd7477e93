import { formatMessage, MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema/index.js';
import { goodCsvRows, studentBody, studentCsv, uploadFile } from '../../test/factories/students.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
});
afterAll(() => t.close());

const asModerator = () => bearer(school.tokens.moderator);
const studentCount = async () => (await t.db.select({ id: students.id }).from(students)).length;

// The test clock reads 2026-11-20 (UTC, the institutions' default zone).
const REFUSED = ['0000-01-01', '0000/01/01', '01/01/0000', '1899-12-31', '2026-11-21', '9999-12-31'];

describe('dates of birth', () => {
  it('are refused outside 01/01/1900..today with the window named, and nothing is added', async () => {
    const before = await studentCount();
    for (const date of REFUSED) {
      for (const url of ['/api/students', `/api/batches/${school.batch.id}/students`]) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: { ...studentBody(t, { date_of_birth: date }), batch_id: school.batch.id },
          headers: asModerator(),
        });
        expect(response.statusCode, `${url} ${date}: ${response.body}`).toBe(400);
        expect(response.json().error.fields.date_of_birth).toBe(MESSAGES.dateOfBirthRange);
      }
    }
    expect(await studentCount()).toBe(before);
  });

  it('are accepted from 01/01/1900 to today', async () => {
    for (const date of ['1900-01-01', '2026-11-20']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/students',
        payload: { ...studentBody(t, { date_of_birth: date }), batch_id: school.batch.id },
        headers: asModerator(),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('leave the student unchanged when an edit sends one outside the window', async () => {
    const studentId = school.accounts.student.entityId;
    await t.db.update(students).set({ dateOfBirth: '2011-05-17' }).where(eq(students.id, studentId));
    for (const date of REFUSED) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/students/${studentId}`,
        payload: { date_of_birth: date, name: 'Renamed' },
        headers: asModerator(),
      });
      expect(response.statusCode, `${date}: ${response.body}`).toBe(400);
      expect(response.json().error.fields.date_of_birth).toBe(MESSAGES.dateOfBirthRange);
    }
    const [row] = await t.db.select().from(students).where(eq(students.id, studentId));
    expect(row).toMatchObject({
      dateOfBirth: '2011-05-17',
      name: `Student ${school.accounts.student.username}`,
    });
  });
});

describe('student import files', () => {
  const importCsv = async (content: string | Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `/api/batches/${school.batch.id}/students/csv`,
      payload: { content_url: await uploadFile(t, school.tokens.moderator, 'students.csv', content) },
      headers: asModerator(),
    });

  it('refuses a file with a NUL character as unreadable', async () => {
    const before = await studentCount();
    const rows = goodCsvRows(2, t.unique('nul'));
    rows[1]!.name = 'Asha\u0000Rao';
    const response = await importCsv(studentCsv(rows));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe(
      formatMessage(MESSAGES.csvUnreadable, { reason: MESSAGES.csvNulCharacter }),
    );
    // A spreadsheet saved as UTF-16 text is full of NUL bytes.
    const utf16 = await importCsv(Buffer.from(studentCsv(goodCsvRows(1, t.unique('u16'))), 'utf16le'));
    expect(utf16.statusCode).toBe(400);
    expect(await studentCount()).toBe(before);
  });

  it('reports each row whose date of birth is outside the window', async () => {
    const rows = goodCsvRows(3, t.unique('dob'));
    rows[0]!.date_of_birth = '01/01/0000';
    rows[2]!.date_of_birth = '21/11/2026';
    const response = await importCsv(studentCsv(rows));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toEqual({
      'row 2': `date_of_birth: ${MESSAGES.dateOfBirthRange}`,
      'row 4': `date_of_birth: ${MESSAGES.dateOfBirthRange}`,
    });
  });
});
