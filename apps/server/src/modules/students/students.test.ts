import { MESSAGES } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batches,
  batchSubjectStudents,
  batchSubjects,
  students as studentsTable,
  users,
} from '../../db/schema/index.js';
import { expectLastAnswerWins } from '../../test/archive-race.js';
import { studentBody } from '../../test/factories/students.js';
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

async function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as object, headers: asModerator() });
}

/** Creates a student through the API in `batchId` (default: the school's batch). */
async function addStudent(overrides: Record<string, unknown> = {}, batchId = school.batch.id) {
  const response = await call('POST', '/api/students', { ...studentBody(t, overrides), batch_id: batchId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    student: { _id: string; user_id: string; name: string; username: string };
    credential: { _id: string; name: string; username: string; password: string };
  };
}

async function signIn(username: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
}

async function enrolments(studentId: string) {
  const rows = await t.db
    .select({ batchSubjectId: batchSubjectStudents.batchSubjectId })
    .from(batchSubjectStudents)
    .where(eq(batchSubjectStudents.studentId, studentId));
  return rows.map((row) => row.batchSubjectId).sort();
}

describe('POST /api/students and POST /api/batches/{batchId}/students', () => {
  it('are for moderators only', async () => {
    const body = { ...studentBody(t), batch_id: school.batch.id };
    await expectGuarded(t, school, { method: 'POST', url: '/api/students', payload: body }, ['moderator']);
    await expectGuarded(
      t,
      school,
      { method: 'POST', url: `/api/batches/${school.batch.id}/students`, payload: studentBody(t) },
      ['moderator'],
    );
  });

  it('creates the student and a login with a generated password that must be changed', async () => {
    const batch = await t.createBatch(school.institution.id);
    const taught = await createBatchSubject(t, school.institution.id, batch.id);
    const dropped = await createBatchSubject(t, school.institution.id, batch.id);
    await t.db.update(batchSubjects).set({ deletedAt: new Date() }).where(eq(batchSubjects.id, dropped.id));

    const response = await call('POST', '/api/students', {
      batch_id: batch.id,
      name: ' Meera Nair ',
      gender: 'female',
      date_of_birth: '2011/05/17',
      mobile: '98450 12345, 9845012346',
      email: ['meera@home.test'],
      prn: 'GW 2026 001',
      father_name: 'Ravi',
      mother_name: 'Lata',
    });
    expect(response.statusCode).toBe(201);
    const { student, credential } = response.json().data;
    expect(student).toEqual({
      _id: expect.any(String),
      user_id: expect.any(String),
      username: 'GW2026001',
      name: 'Meera Nair',
      admission_year: '2026-27',
      gender: 'female',
      email: ['meera@home.test'],
      mobile: ['98450 12345', '9845012346'],
      prn: 'GW 2026 001',
      mother_name: 'Lata',
      father_name: 'Ravi',
      guardian_name: null,
      date_of_birth: '2011-05-17',
      uploadAssessmentNotAllowed: false,
      extra_time_percent: 0,
      batch: { _id: batch.id, title: batch.title },
      archived: false,
    });
    expect(credential).toEqual({
      _id: student._id,
      name: 'Meera Nair',
      username: 'GW2026001',
      password: expect.stringMatching(/^\S{8,}$/),
    });
    // Enrolled in the batch's current subjects only.
    expect(await enrolments(student._id)).toEqual([taught.id]);

    const login = await signIn('gw2026001', credential.password);
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ must_change_password: true, entity_type: 'student' });
    const token = login.json().data.jwt;
    const blocked = await t.app.inject({ url: '/api/users/me/demo-video', headers: bearer(token) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('takes the typed username, else the PRN, else the first mobile (decision 4)', async () => {
    const typed = await addStudent({ username: t.unique('typed.'), prn: 'X1' });
    expect(typed.credential.username).toMatch(/^typed\./);
    const mobileOnly = await addStudent({ mobile: ['+91 90000 11111'] });
    expect(mobileOnly.student.username).toBe('+919000011111');
  });

  it('creates in the batch of the path', async () => {
    const response = await call('POST', `/api/batches/${school.batch.id}/students`, {
      ...studentBody(t),
      batch_id: other.batch.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.student.batch._id).toBe(school.batch.id);
  });

  it.each([
    ['name', { name: undefined }, MESSAGES.fillAllMandatoryFields],
    ['name', { name: '   ' }, MESSAGES.fillAllMandatoryFields],
    ['gender', { gender: undefined }, MESSAGES.fillAllMandatoryFields],
    ['gender', { gender: 'other' }, 'Gender must be male or female.'],
    ['date_of_birth', { date_of_birth: undefined }, MESSAGES.fillAllMandatoryFields],
    ['date_of_birth', { date_of_birth: '2011/02/30' }, MESSAGES.dateOfBirthNoSuchDay],
    ['date_of_birth', { date_of_birth: 'yesterday' }, MESSAGES.csvDateFormat],
    ['mobile', { mobile: undefined }, MESSAGES.fillAllMandatoryFields],
    ['mobile', { mobile: [] }, MESSAGES.fillAllMandatoryFields],
    ['mobile.0', { mobile: ['call me'] }, 'Please enter a valid mobile number.'],
    ['email.0', { email: 'not-an-email' }, 'Please enter a valid e-mail address.'],
    ['username', { username: 'a b' }, 'A user name may use letters, digits and . _ @ + - only.'],
    ['batch_id', { batch_id: undefined }, 'Invalid id.'],
    ['batch_id', { batch_id: 'class-10' }, 'Invalid id.'],
  ])('refuses a bad %s (%j)', async (field, change, message) => {
    const response = await call('POST', '/api/students', {
      ...studentBody(t),
      batch_id: school.batch.id,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('answers 409 for a username taken anywhere in the portal, in any case', async () => {
    const response = await call('POST', '/api/students', {
      ...studentBody(t),
      batch_id: school.batch.id,
      username: other.accounts.student.username.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.usernameExists);
  });

  it('answers 404 for another institution’s batch', async () => {
    const body = studentBody(t);
    expect((await call('POST', '/api/students', { ...body, batch_id: other.batch.id })).statusCode).toBe(404);
    expect((await call('POST', `/api/batches/${other.batch.id}/students`, body)).statusCode).toBe(404);
  });
});

describe('GET /api/batches/{batchId}/students', () => {
  it('is for moderators only', async () => {
    await expectGuarded(t, school, { method: 'GET', url: `/api/batches/${school.batch.id}/students` }, [
      'moderator',
    ]);
  });

  it('lists the batch’s students by name, archived ones included', async () => {
    const batch = await t.createBatch(school.institution.id);
    const empty = await call('GET', `/api/batches/${batch.id}/students`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.students).toEqual([]);

    const zoe = await addStudent({ name: 'Zoe Student' }, batch.id);
    await addStudent({ name: 'Aarav Student' }, batch.id);
    await call('DELETE', '/api/students', { student_id: zoe.student._id });
    const response = await call('GET', `/api/batches/${batch.id}/students`);
    const list = response.json().data.students;
    expect(list.map((student: { name: string }) => student.name)).toEqual(['Aarav Student', 'Zoe Student']);
    expect(list[1]).toMatchObject({ archived: true, username: zoe.credential.username });
  });

  it('answers 404 for another institution’s batch and 400 for a malformed id', async () => {
    expect((await call('GET', `/api/batches/${other.batch.id}/students`)).statusCode).toBe(404);
    expect((await call('GET', '/api/batches/nope/students')).statusCode).toBe(400);
  });
});

describe('GET /api/students/{studentId} and POST /api/students/list', () => {
  it('are for moderators only', async () => {
    const id = school.accounts.student.entityId;
    await expectGuarded(t, school, { method: 'GET', url: `/api/students/${id}` }, ['moderator']);
    await expectGuarded(t, school, { method: 'POST', url: '/api/students/list', payload: { ids: [id] } }, [
      'moderator',
    ]);
  });

  it('reads one student, and several by id leaving out other institutions’', async () => {
    const one = await call('GET', `/api/students/${school.accounts.student.entityId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.student).toMatchObject({
      _id: school.accounts.student.entityId,
      username: school.accounts.student.username,
      batch: { _id: school.batch.id },
    });
    const several = await call('POST', '/api/students/list', {
      ids: [school.accounts.student.entityId, other.accounts.student.entityId],
    });
    expect(several.json().data.students.map((student: { _id: string }) => student._id)).toEqual([
      school.accounts.student.entityId,
    ]);
    const none = await call('POST', '/api/students/list', { ids: [] });
    expect(none.json().data.students).toEqual([]);
  });

  it('answers 404 for another institution’s student and 400 for bad ids', async () => {
    expect((await call('GET', `/api/students/${other.accounts.student.entityId}`)).statusCode).toBe(404);
    const bad = await call('POST', '/api/students/list', { ids: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['ids.0']).toBe('Invalid id.');
  });
});

describe('PATCH /api/students/{studentId}', () => {
  it('is for moderators only', async () => {
    const url = `/api/students/${school.accounts.student.entityId}`;
    await expectGuarded(t, school, { method: 'PATCH', url, payload: { name: 'X' } }, ['moderator']);
  });

  it('edits the fields, with e-mails and mobiles as comma-separated lists', async () => {
    const { student } = await addStudent({ prn: 'KEEP-1', guardian_name: 'Uncle' });
    const response = await call('PATCH', `/api/students/${student._id}`, {
      name: 'Renamed Student',
      email: 'a@home.test, b@home.test',
      mobile: '9000000001,9000000002',
      date_of_birth: '03/04/2012',
      gender: 'male',
      guardian_name: '',
      admission_year: '2025-26',
      uploadAssessmentNotAllowed: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.student).toMatchObject({
      name: 'Renamed Student',
      email: ['a@home.test', 'b@home.test'],
      mobile: ['9000000001', '9000000002'],
      date_of_birth: '2012-04-03',
      gender: 'male',
      guardian_name: null,
      prn: 'KEEP-1',
      admission_year: '2025-26',
      uploadAssessmentNotAllowed: true,
    });
  });

  it.each([
    ['email.1', { email: 'a@home.test, nope' }, 'Please enter a valid e-mail address.'],
    ['mobile.0', { mobile: 'phone' }, 'Please enter a valid mobile number.'],
    ['date_of_birth', { date_of_birth: '31/02/2012' }, MESSAGES.dateOfBirthNoSuchDay],
    ['date_of_birth', { date_of_birth: '2012/2/3' }, MESSAGES.csvDateFormat],
    ['name', { name: '' }, MESSAGES.fillAllMandatoryFields],
    ['gender', { gender: 'x' }, expect.any(String)],
  ])('refuses a bad %s', async (field, body, message) => {
    const response = await call('PATCH', `/api/students/${school.accounts.student.entityId}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toEqual(message);
  });

  it('answers 404 for another institution’s student and changes nothing there', async () => {
    const url = `/api/students/${other.accounts.student.entityId}`;
    expect((await call('PATCH', url, { name: 'Stolen' })).statusCode).toBe(404);
    const theirs = await t.app.inject({ url, headers: bearer(other.tokens.moderator) });
    expect(theirs.json().data.student.name).not.toBe('Stolen');
  });
});

describe('archive and unarchive', () => {
  it('are for moderators only', async () => {
    const id = school.accounts.student.entityId;
    await expectGuarded(t, school, { method: 'DELETE', url: '/api/students', payload: { student_id: id } }, [
      'moderator',
    ]);
    await expectGuarded(t, school, { method: 'PATCH', url: `/api/students/dearc/student/${id}` }, [
      'moderator',
    ]);
  });

  it('archiving blocks sign-in and the old token at once; unarchiving lets the student back', async () => {
    const { student, credential } = await addStudent();
    const pending = (await signIn(credential.username, credential.password)).json().data.jwt;
    const archive = await call('DELETE', '/api/students', { student_id: student._id });
    expect(archive.statusCode).toBe(200);
    expect(archive.json().data).toEqual({ archived: 1 });
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(pending) })).statusCode).toBe(401);
    expect((await signIn(credential.username, credential.password)).statusCode).toBe(401);
    expect((await call('GET', `/api/students/${student._id}`)).json().data.student.archived).toBe(true);

    const restore = await call('PATCH', `/api/students/dearc/student/${student._id}`);
    expect(restore.statusCode).toBe(200);
    expect(restore.json().data.student).toMatchObject({ _id: student._id, archived: false });
    expect((await signIn(credential.username, credential.password)).statusCode).toBe(200);
  });

  it('concurrent archive and unarchive of one student end in the state of the last answer, on both rows', async () => {
    const { student } = await addStudent();
    await expectLastAnswerWins({
      archive: () => call('DELETE', '/api/students', { student_id: student._id }),
      unarchive: () => call('PATCH', `/api/students/dearc/student/${student._id}`),
      archivedRows: async () => {
        const [row] = await t.db
          .select({ profile: studentsTable.archivedAt, login: users.archivedAt })
          .from(studentsTable)
          .innerJoin(users, eq(users.id, studentsTable.userId))
          .where(eq(studentsTable.id, student._id));
        return { profile: row!.profile !== null, login: row!.login !== null };
      },
    });
  });

  it('archives several at once', async () => {
    const a = await addStudent();
    const b = await addStudent();
    const response = await call('DELETE', '/api/students', { student_ids: [a.student._id, b.student._id] });
    expect(response.json().data).toEqual({ archived: 2 });
    const list = await call('POST', '/api/students/list', { ids: [a.student._id, b.student._id] });
    expect(list.json().data.students.every((student: { archived: boolean }) => student.archived)).toBe(true);
    // The spec's other archive action sends the ids as a list under student_id.
    const c = await addStudent();
    const asList = await call('DELETE', '/api/students', { student_id: [c.student._id] });
    expect(asList.json().data).toEqual({ archived: 1 });
  });

  it('refuses an empty selection', async () => {
    for (const body of [{}, { student_ids: [] }]) {
      const response = await call('DELETE', '/api/students', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.student_ids).toBe(MESSAGES.selectStudents);
    }
  });

  it('answers 404 when any student is another institution’s, archiving none', async () => {
    const mine = await addStudent();
    const response = await call('DELETE', '/api/students', {
      student_ids: [mine.student._id, other.accounts.student.entityId],
    });
    expect(response.statusCode).toBe(404);
    expect((await call('GET', `/api/students/${mine.student._id}`)).json().data.student.archived).toBe(false);
    expect(await t.login(other.accounts.student.username)).toEqual(expect.any(String));
    const dearc = await call('PATCH', `/api/students/dearc/student/${other.accounts.student.entityId}`);
    expect(dearc.statusCode).toBe(404);
  });
});

describe('POST /api/students/reset-password', () => {
  it('is for moderators only', async () => {
    const payload = { student_id: school.accounts.student.entityId };
    await expectGuarded(t, school, { method: 'POST', url: '/api/students/reset-password', payload }, [
      'moderator',
    ]);
  });

  it('issues new passwords that must be changed at the next sign-in, and revokes old tokens', async () => {
    const account = await t.createAccount('student', {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    const token = await t.login(account.username);
    const single = await call('POST', '/api/students/reset-password', { student_id: account.entityId });
    expect(single.statusCode).toBe(200);
    const [credential] = single.json().data.credentials;
    expect(credential).toEqual({
      _id: account.entityId,
      name: `Student ${account.username}`,
      username: account.username,
      password: expect.stringMatching(/^\S{8,}$/),
    });
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    expect((await signIn(account.username, TEST_PASSWORD)).statusCode).toBe(401);
    const fresh = await signIn(account.username, credential.password);
    expect(fresh.json().data.must_change_password).toBe(true);
  });

  it('resets several at once, each with its own password', async () => {
    const a = await addStudent();
    const b = await addStudent();
    const response = await call('POST', '/api/students/reset-password', {
      student_ids: [a.student._id, b.student._id],
    });
    const credentials = response.json().data.credentials as { _id: string; password: string }[];
    expect(credentials.map((credential) => credential._id).sort()).toEqual(
      [a.student._id, b.student._id].sort(),
    );
    expect(new Set(credentials.map((credential) => credential.password)).size).toBe(2);
    expect(credentials.some((credential) => credential.password === a.credential.password)).toBe(false);
  });

  it('answers 404 for another institution’s student and 400 for no selection', async () => {
    const foreign = await call('POST', '/api/students/reset-password', {
      student_ids: [other.accounts.student.entityId],
    });
    expect(foreign.statusCode).toBe(404);
    expect(await t.login(other.accounts.student.username)).toEqual(expect.any(String));
    expect((await call('POST', '/api/students/reset-password', {})).statusCode).toBe(400);
  });
});

describe('PUT /api/students/new-user', () => {
  it('is for moderators only', async () => {
    const payload = { student_id: school.accounts.student.entityId };
    await expectGuarded(t, school, { method: 'PUT', url: '/api/students/new-user', payload }, ['moderator']);
  });

  it('gives the login the default username (PRN) or a typed one, with a new generated password', async () => {
    const { student, credential: first } = await addStudent({
      username: t.unique('old.'),
      prn: t.unique('PRN'),
    });
    const byDefault = await call('PUT', '/api/students/new-user', { student_id: student._id });
    expect(byDefault.statusCode).toBe(200);
    const renewed = byDefault.json().data.credential;
    expect(renewed.username).toMatch(/^PRN/);
    expect((await signIn(first.username, first.password)).statusCode).toBe(401);
    expect((await signIn(renewed.username, renewed.password)).json().data.must_change_password).toBe(true);

    const typed = t.unique('chosen.');
    const response = await call('PUT', '/api/students/new-user', {
      student_id: student._id,
      username: typed,
    });
    expect(response.json().data.credential).toMatchObject({ _id: student._id, username: typed });
    expect((await call('GET', `/api/students/${student._id}`)).json().data.student.username).toBe(typed);
  });

  it('answers 409 for a taken username, 404 for another institution’s student, 400 for a bad one', async () => {
    const { student } = await addStudent();
    const taken = await call('PUT', '/api/students/new-user', {
      student_id: student._id,
      username: school.accounts.faculty.username,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(MESSAGES.usernameExists);
    const foreign = await call('PUT', '/api/students/new-user', {
      student_id: other.accounts.student.entityId,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await call('PUT', '/api/students/new-user', { student_id: student._id, username: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.username).toBe('A user name needs at least 3 characters.');
  });
});

describe('PATCH /api/batches/student', () => {
  it('is for moderators only', async () => {
    const payload = {
      student_id: school.accounts.student.entityId,
      old_batch: school.batch.id,
      new_batch: school.batch.id,
    };
    await expectGuarded(t, school, { method: 'PATCH', url: '/api/batches/student', payload }, ['moderator']);
  });

  it('moves the student and their enrolments to the new batch', async () => {
    const from = await t.createBatch(school.institution.id);
    const to = await t.createBatch(school.institution.id);
    const oldSubject = await createBatchSubject(t, school.institution.id, from.id);
    const newSubject = await createBatchSubject(t, school.institution.id, to.id);
    const elsewhere = await createBatchSubject(t, school.institution.id, school.batch.id);
    const { student } = await addStudent({}, from.id);
    await t.db.insert(batchSubjectStudents).values({ batchSubjectId: elsewhere.id, studentId: student._id });
    expect(await enrolments(student._id)).toEqual([oldSubject.id, elsewhere.id].sort());

    const response = await call('PATCH', '/api/batches/student', {
      student_id: student._id,
      old_batch: from.id,
      new_batch: to.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.student.batch).toEqual({ _id: to.id, title: to.title });
    // The old batch's subjects are left; an enrolment elsewhere (added by hand) stays.
    expect(await enrolments(student._id)).toEqual([newSubject.id, elsewhere.id].sort());
  });

  it('moves a student out of a deleted batch (shown as none)', async () => {
    const gone = await t.createBatch(school.institution.id);
    const { student } = await addStudent({}, gone.id);
    await t.db.update(batches).set({ deletedAt: new Date() }).where(eq(batches.id, gone.id));
    expect((await call('GET', `/api/students/${student._id}`)).json().data.student.batch).toBeNull();
    const response = await call('PATCH', '/api/batches/student', {
      student_id: student._id,
      old_batch: null,
      new_batch: school.batch.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.student.batch._id).toBe(school.batch.id);
  });

  it('answers 409 when the student is no longer in old_batch', async () => {
    const to = await t.createBatch(school.institution.id);
    const { student } = await addStudent();
    const response = await call('PATCH', '/api/batches/student', {
      student_id: student._id,
      old_batch: to.id,
      new_batch: to.id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.studentMoveStale);
  });

  it('answers 404 for another institution’s student or batch, 400 for a bad body', async () => {
    const { student } = await addStudent();
    const foreignBatch = await call('PATCH', '/api/batches/student', {
      student_id: student._id,
      old_batch: school.batch.id,
      new_batch: other.batch.id,
    });
    expect(foreignBatch.statusCode).toBe(404);
    const foreignStudent = await call('PATCH', '/api/batches/student', {
      student_id: other.accounts.student.entityId,
      old_batch: other.batch.id,
      new_batch: school.batch.id,
    });
    expect(foreignStudent.statusCode).toBe(404);
    const [row] = await t.db
      .select()
      .from(batchSubjectStudents)
      .where(and(eq(batchSubjectStudents.studentId, other.accounts.student.entityId)));
    expect(row).toBeUndefined();
    const bad = await call('PATCH', '/api/batches/student', { student_id: student._id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.new_batch).toBe('Invalid id.');
  });
});
