import { formatMessage, MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchSubjectFaculties, batchSubjects, students } from '../../db/schema/index.js';
import { createFaculty } from '../../test/factories/faculty.js';
import { createBatchSubject, enrolStudents } from '../../test/factories/subjects.js';
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

async function call(method: 'POST' | 'DELETE', url: string, payload: unknown, headers = asModerator()) {
  return t.app.inject({ method, url, payload: payload as object, headers });
}

async function addStudent(name: string, batchId: string | undefined, options: { archived?: boolean } = {}) {
  const account = await t.createAccount('student', { institutionId: school.institution.id, batchId });
  await t.db
    .update(students)
    .set({ name, ...(options.archived ? { archivedAt: new Date() } : {}) })
    .where(eq(students.id, account.entityId));
  return account.entityId;
}

describe('POST and DELETE /api/batch-subjects/faculties', () => {
  const url = '/api/batch-subjects/faculties';

  it('are for moderators only', async () => {
    const subject = await createBatchSubject(t, school.institution.id, school.batch.id);
    const payload = { batch_subject_id: subject.id, faculty_ids: [school.accounts.faculty.entityId] };
    await expectGuarded(t, school, { method: 'POST', url, payload }, ['moderator']);
    await expectGuarded(t, school, { method: 'DELETE', url, payload }, ['moderator']);
  });

  it.each([
    [{ faculty_ids: ['00000000-0000-4000-8000-000000000000'] }, 'batch_subject_id', MESSAGES.fillTheForm],
    [{ batch_subject_id: 'nope', faculty_ids: [] }, 'batch_subject_id', MESSAGES.invalidId],
    [{ batch_subject_id: '00000000-0000-4000-8000-000000000000' }, 'faculty_ids', MESSAGES.fillTheForm],
    [
      { batch_subject_id: '00000000-0000-4000-8000-000000000000', faculty_ids: [] },
      'faculty_ids',
      MESSAGES.fillTheForm,
    ],
  ])('refuse %j with a message on %s', async (payload, field, message) => {
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await call(method, url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
  });

  it('answer 404 for another institution’s batch subject or faculty, and change nothing', async () => {
    const mine = await createBatchSubject(t, school.institution.id, school.batch.id);
    const theirs = await createBatchSubject(t, other.institution.id, other.batch.id);
    for (const method of ['POST', 'DELETE'] as const) {
      const foreignSubject = await call(method, url, {
        batch_subject_id: theirs.id,
        faculty_ids: [school.accounts.faculty.entityId],
      });
      expect(foreignSubject.statusCode).toBe(404);
      const foreignFaculty = await call(method, url, {
        batch_subject_id: mine.id,
        faculty_ids: [school.accounts.faculty.entityId, other.accounts.faculty.entityId],
      });
      expect(foreignFaculty.statusCode).toBe(404);
    }
    const rows = await t.db
      .select()
      .from(batchSubjectFaculties)
      .where(eq(batchSubjectFaculties.batchSubjectId, mine.id));
    expect(rows).toEqual([]);
  });

  it('answer 404 for a deleted batch subject', async () => {
    const gone = await createBatchSubject(t, school.institution.id, school.batch.id);
    await t.db.update(batchSubjects).set({ deletedAt: new Date() }).where(eq(batchSubjects.id, gone.id));
    const response = await call('POST', url, {
      batch_subject_id: gone.id,
      faculty_ids: [school.accounts.faculty.entityId],
    });
    expect(response.statusCode).toBe(404);
  });

  it('assign (idempotently) and remove, answering the current faculty by name', async () => {
    const subject = await createBatchSubject(t, school.institution.id, school.batch.id);
    const zara = await createFaculty(t, school.institution.id, { name: 'Zara Zed' });
    const amit = await createFaculty(t, school.institution.id, { name: 'Amit Abe' });
    const assign = { batch_subject_id: subject.id, faculty_ids: [zara.entityId, amit.entityId] };

    const first = await call('POST', url, assign);
    expect(first.statusCode).toBe(200);
    const both = {
      batch_subject_id: subject.id,
      faculties: [
        { _id: amit.entityId, name: 'Amit Abe' },
        { _id: zara.entityId, name: 'Zara Zed' },
      ],
    };
    expect(first.json().data).toEqual(both);
    const again = await call('POST', url, { ...assign, faculty_ids: [zara.entityId, zara.entityId] });
    expect(again.json().data).toEqual(both);

    const detail = await t.app.inject({ url: `/api/faculties/${zara.entityId}`, headers: asModerator() });
    expect(detail.json().data.faculty.batch_subjects.map((bs: { _id: string }) => bs._id)).toEqual([
      subject.id,
    ]);

    const removed = await call('DELETE', url, { batch_subject_id: subject.id, faculty_ids: [zara.entityId] });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({
      batch_subject_id: subject.id,
      faculties: [{ _id: amit.entityId, name: 'Amit Abe' }],
    });
    // Removing someone who is not assigned changes nothing.
    const repeat = await call('DELETE', url, { batch_subject_id: subject.id, faculty_ids: [zara.entityId] });
    expect(repeat.json().data.faculties).toHaveLength(1);
  });

  it('refuse to assign an archived faculty member, but may remove one', async () => {
    const subject = await createBatchSubject(t, school.institution.id, school.batch.id);
    const gone = await createFaculty(t, school.institution.id, { name: 'Gone Teacher', archived: true });
    const refused = await call('POST', url, { batch_subject_id: subject.id, faculty_ids: [gone.entityId] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.faculty_ids).toBe(
      formatMessage(MESSAGES.archivedFacultyRefused, { names: 'Gone Teacher' }),
    );
    const removed = await call('DELETE', url, { batch_subject_id: subject.id, faculty_ids: [gone.entityId] });
    expect(removed.statusCode).toBe(200);
  });

  it('end the member’s authoring rights on the subject when they are removed', async () => {
    const member = await createFaculty(t, school.institution.id, { name: 'Author Teacher' });
    const token = await t.login(member.username);
    const subject = await createBatchSubject(t, school.institution.id, school.batch.id);
    const chapter = (title: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/chapters',
        payload: { title, description: 'Notes', subject_id: subject.subjectId, visibility: true },
        headers: bearer(token),
      });

    expect((await chapter('Before assignment')).statusCode).toBe(403);
    await call('POST', url, { batch_subject_id: subject.id, faculty_ids: [member.entityId] });
    expect((await chapter('While assigned')).statusCode).toBe(201);
    await call('DELETE', url, { batch_subject_id: subject.id, faculty_ids: [member.entityId] });
    expect((await chapter('After removal')).statusCode).toBe(403);
  });
});

describe('POST and DELETE /api/batch-subjects/students', () => {
  const url = '/api/batch-subjects/students';

  it('are for moderators only', async () => {
    const subject = await createBatchSubject(t, school.institution.id, school.batch.id);
    const payload = { batch_subject_id: subject.id, student_ids: [school.accounts.student.entityId] };
    await expectGuarded(t, school, { method: 'POST', url, payload }, ['moderator']);
    await expectGuarded(t, school, { method: 'DELETE', url, payload }, ['moderator']);
  });

  it.each([
    [{ student_ids: ['00000000-0000-4000-8000-000000000000'] }, 'batch_subject_id', MESSAGES.fillTheForm],
    [{ batch_subject_id: '00000000-0000-4000-8000-000000000000' }, 'student_ids', MESSAGES.selectStudents],
    [
      { batch_subject_id: '00000000-0000-4000-8000-000000000000', student_ids: [] },
      'student_ids',
      MESSAGES.selectStudents,
    ],
    [
      { batch_subject_id: '00000000-0000-4000-8000-000000000000', student_ids: ['x'] },
      'student_ids.0',
      MESSAGES.invalidId,
    ],
  ])('refuse %j with a message on %s', async (payload, field, message) => {
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await call(method, url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
  });

  it('answer 404 for another institution’s batch subject or student', async () => {
    const mine = await createBatchSubject(t, school.institution.id, school.batch.id);
    const theirs = await createBatchSubject(t, other.institution.id, other.batch.id);
    for (const method of ['POST', 'DELETE'] as const) {
      expect(
        (
          await call(method, url, {
            batch_subject_id: theirs.id,
            student_ids: [school.accounts.student.entityId],
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call(method, url, {
            batch_subject_id: mine.id,
            student_ids: [other.accounts.student.entityId],
          })
        ).statusCode,
      ).toBe(404);
    }
  });

  it('add students (repeats change nothing) and remove them, answering the counts', async () => {
    const subject = await createBatchSubject(t, school.institution.id, school.batch.id);
    const a = await addStudent('Add A', school.batch.id);
    const b = await addStudent('Add B', undefined);

    const added = await call('POST', url, { batch_subject_id: subject.id, student_ids: [a, b] });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toEqual({ batch_subject_id: subject.id, added: 2, student_count: 2 });
    const repeated = await call('POST', url, {
      batch_subject_id: subject.id,
      student_ids: [a, school.accounts.student.entityId],
    });
    expect(repeated.json().data).toEqual({ batch_subject_id: subject.id, added: 1, student_count: 3 });

    const removed = await call('DELETE', url, { batch_subject_id: subject.id, student_ids: [a, a] });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ batch_subject_id: subject.id, removed: 1, student_count: 2 });
  });

  it('refuse archived students when adding, and may remove them', async () => {
    const subject = await createBatchSubject(t, school.institution.id, school.batch.id);
    const gone = await addStudent('Archived Kid', school.batch.id, { archived: true });
    const refused = await call('POST', url, {
      batch_subject_id: subject.id,
      student_ids: [school.accounts.student.entityId, gone],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.student_ids).toBe(
      formatMessage(MESSAGES.archivedStudentsRefused, { names: 'Archived Kid' }),
    );
    await enrolStudents(t, subject.id, [gone]);
    const removed = await call('DELETE', url, { batch_subject_id: subject.id, student_ids: [gone] });
    expect(removed.json().data).toEqual({ batch_subject_id: subject.id, removed: 1, student_count: 0 });
  });
});

describe('GET /api/batch-subjects/{id}/students', () => {
  it('is for moderators only', async () => {
    const subject = await createBatchSubject(t, school.institution.id, school.batch.id);
    await expectGuarded(t, school, { method: 'GET', url: `/api/batch-subjects/${subject.id}/students` }, [
      'moderator',
    ]);
  });

  it('answers 404 for another institution’s batch subject or batch, 400 for a malformed batch', async () => {
    const mine = await createBatchSubject(t, school.institution.id, school.batch.id);
    const theirs = await createBatchSubject(t, other.institution.id, other.batch.id);
    const foreign = await t.app.inject({
      url: `/api/batch-subjects/${theirs.id}/students`,
      headers: asModerator(),
    });
    expect(foreign.statusCode).toBe(404);
    const foreignBatch = await t.app.inject({
      url: `/api/batch-subjects/${mine.id}/students?batch_id=${other.batch.id}`,
      headers: asModerator(),
    });
    expect(foreignBatch.statusCode).toBe(404);
    const malformed = await t.app.inject({
      url: `/api/batch-subjects/${mine.id}/students?batch_id=nope`,
      headers: asModerator(),
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('lists the subject’s active students and the others who could be added, optionally of one batch', async () => {
    const fresh = await t.createSchool();
    const institutionId = fresh.institution.id;
    const second = await t.createBatch(institutionId, 'Second Batch');
    const named = async (name: string, batchId: string, archived = false) => {
      const account = await t.createAccount('student', { institutionId, batchId });
      await t.db
        .update(students)
        .set({ name, ...(archived ? { archivedAt: new Date() } : {}) })
        .where(eq(students.id, account.entityId));
      return account.entityId;
    };
    const anu = await named('Anu', fresh.batch.id);
    const bela = await named('Bela', second.id);
    const chen = await named('Chen', second.id);
    const gone = await named('Gone', second.id, true);
    const subject = await createBatchSubject(t, institutionId, fresh.batch.id, { studentIds: [bela, gone] });

    const all = await t.app.inject({
      url: `/api/batch-subjects/${subject.id}/students`,
      headers: bearer(fresh.tokens.moderator),
    });
    expect(all.statusCode).toBe(200);
    const row = (id: string, name: string, batch: { id: string; title: string }) => ({
      _id: id,
      name,
      batch_id: batch.id,
      batch_title: batch.title,
    });
    expect(all.json().data).toEqual({
      enrolled: [row(bela, 'Bela', second)],
      available: [
        row(anu, 'Anu', fresh.batch),
        row(chen, 'Chen', second),
        row(fresh.accounts.student.entityId, `Student ${fresh.accounts.student.username}`, fresh.batch),
      ],
    });

    const ofSecond = await t.app.inject({
      url: `/api/batch-subjects/${subject.id}/students?batch_id=${second.id}`,
      headers: bearer(fresh.tokens.moderator),
    });
    expect(ofSecond.json().data).toEqual({
      enrolled: [row(bela, 'Bela', second)],
      available: [row(chen, 'Chen', second)],
    });
  });
});

describe('GET /api/users/me/batches', () => {
  const url = '/api/users/me/batches';

  it('is for faculty and students', async () => {
    await expectGuarded(t, school, { method: 'GET', url }, ['faculty', 'student']);
  });

  it('answers the batches a faculty member teaches in, and a student’s own batch', async () => {
    const fresh = await t.createSchool();
    const institutionId = fresh.institution.id;
    const taughtBatch = await t.createBatch(institutionId, 'Class 10 B');
    await t.createBatch(institutionId, 'Class 2 Untaught');
    await createBatchSubject(t, institutionId, taughtBatch.id, {
      facultyIds: [fresh.accounts.faculty.entityId],
    });
    // A deleted batch subject does not count.
    const deleted = await createBatchSubject(t, institutionId, fresh.batch.id, {
      facultyIds: [fresh.accounts.faculty.entityId],
    });
    await t.db.update(batchSubjects).set({ deletedAt: new Date() }).where(eq(batchSubjects.id, deleted.id));

    const faculty = await t.app.inject({ url, headers: bearer(fresh.tokens.faculty) });
    expect(faculty.statusCode).toBe(200);
    expect(faculty.json().data.batches).toEqual([
      {
        _id: taughtBatch.id,
        title: 'Class 10 B',
        academic_year: '2026-27',
        display_order: 0,
        student_count: 0,
      },
    ]);
    const student = await t.app.inject({ url, headers: bearer(fresh.tokens.student) });
    expect(student.json().data.batches).toEqual([
      {
        _id: fresh.batch.id,
        title: fresh.batch.title,
        academic_year: '2026-27',
        display_order: 0,
        student_count: 1,
      },
    ]);
  });
});
