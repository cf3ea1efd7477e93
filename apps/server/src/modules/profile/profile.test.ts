import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faculties, institutions, students } from '../../db/schema/index.js';
import { forgetInstitutionReads } from '../../lib/read-cache.js';
import { createFaculty } from '../../test/factories/faculty.js';
import { createReadableTopic } from '../../test/factories/learning.js';
import { assignFaculty, createBatchSubject } from '../../test/factories/subjects.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { countQueries } from '../../test/query-count.js';

let t: TestApp;
type School = Awaited<ReturnType<TestApp['createSchool']>>;
let school: School;
let other: School;

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('GET /api/users/me/profile', () => {
  it('is for students, faculty and moderators', async () => {
    await expectGuarded(t, school, { method: 'GET', url: '/api/users/me/profile' }, [
      'student',
      'faculty',
      'moderator',
    ]);
  });

  it('shows a student’s personal information, contacts, batch and institution', async () => {
    await t.db
      .update(students)
      .set({ prn: 'PRN-7', admissionYear: '2024', mobile: ['9876543210'], dateOfBirth: '2011-05-17' })
      .where(eq(students.id, school.accounts.student.entityId));
    const response = await get('/api/users/me/profile', school.tokens.student);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.profile).toEqual({
      user_id: school.accounts.student.user.id,
      username: school.accounts.student.username,
      role: 'student',
      name: `Student ${school.accounts.student.username}`,
      avatar: null,
      gender: 'female',
      prn: 'PRN-7',
      admission_year: '2024',
      date_of_birth: '2011-05-17',
      designation: null,
      email: [school.accounts.student.email],
      mobile: ['9876543210'],
      academic_year: '2026-27',
      batch_title: school.batch.title,
      institution_name: school.institution.title,
      institution_logo: null,
      today: '2026-11-20',
    });
  });

  it('gives today in the institution’s time zone', async () => {
    await t.db
      .update(institutions)
      .set({ timeZone: 'Asia/Kolkata' })
      .where(eq(institutions.id, school.institution.id));
    forgetInstitutionReads(t.db, school.institution.id);
    const before = t.clock.now();
    t.clock.set(new Date('2026-11-20T19:00:00Z')); // 00:30 on the 21st in Kolkata
    try {
      const profile = (await get('/api/users/me/profile', school.tokens.student)).json().data.profile;
      expect(profile.today).toBe('2026-11-21');
    } finally {
      t.clock.set(before);
      await t.db
        .update(institutions)
        .set({ timeZone: null })
        .where(eq(institutions.id, school.institution.id));
      forgetInstitutionReads(t.db, school.institution.id);
    }
  });

  it('shows a faculty member’s designation', async () => {
    await t.db
      .update(faculties)
      .set({ designation: 'Senior Teacher' })
      .where(eq(faculties.id, school.accounts.faculty.entityId));
    const profile = (await get('/api/users/me/profile', school.tokens.faculty)).json().data.profile;
    expect(profile).toMatchObject({
      role: 'faculty',
      designation: 'Senior Teacher',
      batch_title: null,
      gender: 'male',
    });
  });

  it('shows a moderator their login and institution', async () => {
    const profile = (await get('/api/users/me/profile', school.tokens.moderator)).json().data.profile;
    expect(profile).toMatchObject({
      role: 'moderator',
      name: school.accounts.moderator.username,
      email: [school.accounts.moderator.email],
      institution_name: school.institution.title,
    });
  });
});

describe('GET /api/users/me/batch-subjects', () => {
  it('is for students and faculty', async () => {
    await expectGuarded(t, school, { method: 'GET', url: '/api/users/me/batch-subjects' }, [
      'student',
      'faculty',
    ]);
  });

  it('answers the student’s batch subjects and the ones a faculty member teaches', async () => {
    const mine = await createReadableTopic(t, school);
    const untaught = await createBatchSubject(t, school.institution.id, school.batch.id);
    const elsewhere = await createBatchSubject(
      t,
      school.institution.id,
      (await t.createBatch(school.institution.id)).id,
    );
    const studentIds = (await get('/api/users/me/batch-subjects', school.tokens.student))
      .json()
      .data.batch_subjects.map((item: { _id: string }) => item._id);
    expect(studentIds).toEqual(expect.arrayContaining([mine.batchSubject.id, untaught.id]));
    expect(studentIds).not.toContain(elsewhere.id);
    const facultyList = (await get('/api/users/me/batch-subjects', school.tokens.faculty)).json().data
      .batch_subjects;
    expect(facultyList.map((item: { _id: string }) => item._id)).toEqual([mine.batchSubject.id]);
    expect(facultyList[0]).toMatchObject({ chapter_count: 1, subject_title: mine.subject.title });
    expect(
      (await get('/api/users/me/batch-subjects', other.tokens.student)).json().data.batch_subjects,
    ).toEqual([]);
  });
});

describe('GET /api/users/me/faculties', () => {
  it('is for students only', async () => {
    await expectGuarded(t, school, { method: 'GET', url: '/api/users/me/faculties' }, ['student']);
  });

  it('lists the batch’s teachers with their subjects, never another batch’s or archived ones', async () => {
    const local = await t.createSchool();
    const institutionId = local.institution.id;
    const first = await createBatchSubject(t, institutionId, local.batch.id, {
      facultyIds: [local.accounts.faculty.entityId],
    });
    const second = await createBatchSubject(t, institutionId, local.batch.id, {
      facultyIds: [local.accounts.faculty.entityId],
    });
    const archived = await createFaculty(t, institutionId, { name: 'Gone Teacher', archived: true });
    await assignFaculty(t, first.id, [archived.entityId]);
    const elsewhere = await createBatchSubject(t, institutionId, (await t.createBatch(institutionId)).id);
    const otherTeacher = await createFaculty(t, institutionId, { name: 'Other Batch Teacher' });
    await assignFaculty(t, elsewhere.id, [otherTeacher.entityId]);

    const response = await get('/api/users/me/faculties', local.tokens.student);
    expect(response.statusCode).toBe(200);
    const list = response.json().data.faculties;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ _id: local.accounts.faculty.entityId, designation: null, avatar: null });
    expect(
      list[0].subjects.map((subject: { batch_subject_id: string }) => subject.batch_subject_id).sort(),
    ).toEqual([first.id, second.id].sort());
    // One statement for the list, however many teachers and subjects.
    await get('/api/users/me/faculties', local.tokens.student);
    const queries = await countQueries(() => get('/api/users/me/faculties', local.tokens.student));
    await createBatchSubject(t, institutionId, local.batch.id, { facultyIds: [otherTeacher.entityId] });
    await get('/api/users/me/faculties', local.tokens.student);
    expect(await countQueries(() => get('/api/users/me/faculties', local.tokens.student))).toBe(queries);
  });
});

describe('GET /api/users/me/students', () => {
  it('is for faculty only', async () => {
    await expectGuarded(t, school, { method: 'GET', url: '/api/users/me/students' }, ['faculty']);
  });

  it('lists the active students of the batches the faculty member teaches', async () => {
    const local = await t.createSchool();
    const institutionId = local.institution.id;
    await createBatchSubject(t, institutionId, local.batch.id, {
      facultyIds: [local.accounts.faculty.entityId],
    });
    const archived = await t.createAccount('student', { institutionId, batchId: local.batch.id });
    await t.db.update(students).set({ archivedAt: new Date() }).where(eq(students.id, archived.entityId));
    const otherBatch = await t.createBatch(institutionId);
    await t.createAccount('student', { institutionId, batchId: otherBatch.id });

    const list = (await get('/api/users/me/students', local.tokens.faculty)).json().data.students;
    expect(list).toEqual([
      {
        _id: local.accounts.student.entityId,
        name: `Student ${local.accounts.student.username}`,
        avatar: null,
        batch_id: local.batch.id,
        batch_title: local.batch.title,
      },
    ]);
    expect((await get('/api/users/me/students', other.tokens.faculty)).json().data.students).toEqual([]);
  });
});
