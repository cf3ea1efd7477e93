import { MESSAGES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlineSessionStudents } from '../../db/schema/index.js';
import { createChapter, createTopicRow } from '../../test/factories/chapters.js';
import { createOnlineSession, createReadableTopic } from '../../test/factories/learning.js';
import { createBatchSubject, enrolStudents } from '../../test/factories/subjects.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
type School = Awaited<ReturnType<TestApp['createSchool']>>;
let school: School;
let other: School;
let reading: Awaited<ReturnType<typeof createReadableTopic>>;
let theirs: Awaited<ReturnType<typeof createReadableTopic>>;
let classmate: { token: string };
let otherBatch: { batchSubjectId: string; topicId: string };

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
  reading = await createReadableTopic(t, school);
  theirs = await createReadableTopic(t, other);
  const mate = await t.createAccount('student', {
    institutionId: school.institution.id,
    batchId: school.batch.id,
  });
  classmate = { token: await t.login(mate.username) };
  const secondBatch = await t.createBatch(school.institution.id);
  const batchSubject = await createBatchSubject(t, school.institution.id, secondBatch.id);
  const chapter = await createChapter(t, school.institution.id, batchSubject.subjectId);
  otherBatch = {
    batchSubjectId: batchSubject.id,
    topicId: (await createTopicRow(t, school.institution.id, chapter.id)).id,
  };
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  token = school.tokens.student,
) => t.app.inject({ method, url, payload, headers: bearer(token) });

const noteBody = (overrides: object = {}) => ({
  note_text: 'Photosynthesis needs light',
  topic_id: reading.topic.id,
  batch_subject_id: reading.batchSubject.id,
  topic_title: 'ignored',
  subject_title: 'ignored',
  ...overrides,
});

describe('topic notes', () => {
  it('are for students only, on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const route of [
      { method: 'GET', url: `/api/notes/topic/${reading.topic.id}` },
      { method: 'GET', url: `/api/notes/batch-subject/${reading.batchSubject.id}` },
      { method: 'GET', url: '/api/users/me/notes' },
      { method: 'POST', url: '/api/notes', payload: noteBody() },
      { method: 'PATCH', url: `/api/notes/${id}`, payload: { note_text: 'x' } },
      { method: 'DELETE', url: `/api/notes/${id}` },
    ] as const) {
      await expectGuarded(t, school, route, ['student']);
    }
  });

  it('refuses an empty or overlong note and bad ids', async () => {
    const empty = await call('POST', '/api/notes', noteBody({ note_text: '   ' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.note_text).toBe(MESSAGES.fillTheForm);
    const long = await call('POST', '/api/notes', noteBody({ note_text: 'x'.repeat(5001) }));
    expect(long.statusCode).toBe(400);
    const badId = await call('POST', '/api/notes', noteBody({ topic_id: 'nope' }));
    expect(badId.json().error.fields.topic_id).toBeTruthy();
    expect((await call('GET', '/api/notes/topic/nope')).statusCode).toBe(400);
  });

  it('refuses other institutions (404) and other batches (403)', async () => {
    const foreign = await call(
      'POST',
      '/api/notes',
      noteBody({ topic_id: theirs.topic.id, batch_subject_id: theirs.batchSubject.id }),
    );
    expect(foreign.statusCode).toBe(404);
    const otherBatchNote = await call(
      'POST',
      '/api/notes',
      noteBody({ topic_id: otherBatch.topicId, batch_subject_id: otherBatch.batchSubjectId }),
    );
    expect(otherBatchNote.statusCode).toBe(403);
    expect((await call('GET', `/api/notes/topic/${theirs.topic.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/notes/batch-subject/${theirs.batchSubject.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/notes/batch-subject/${otherBatch.batchSubjectId}`)).statusCode).toBe(403);
  });

  it('creates, lists, edits and deletes the student’s own notes', async () => {
    const created = await call('POST', '/api/notes', noteBody());
    expect(created.statusCode).toBe(201);
    const note = created.json().data.note;
    expect(note).toMatchObject({
      note_text: 'Photosynthesis needs light',
      topic_id: reading.topic.id,
      batch_subject_id: reading.batchSubject.id,
      topic_title: reading.topic.title,
      chapter_id: reading.chapter.id,
      chapter_title: reading.chapter.title,
      subject_id: reading.subject.id,
      subject_title: reading.subject.title,
    });

    const byTopic = await call('GET', `/api/notes/topic/${reading.topic.id}`);
    expect(byTopic.json().data.note.map((item: { _id: string }) => item._id)).toEqual([note._id]);
    const bySubject = await call('GET', `/api/notes/batch-subject/${reading.batchSubject.id}`);
    expect(bySubject.json().data.note).toHaveLength(1);
    const all = await call('GET', '/api/users/me/notes');
    expect(all.json().data.notes.map((item: { _id: string }) => item._id)).toContain(note._id);

    const edited = await call('PATCH', `/api/notes/${note._id}`, { note_text: 'Light and water' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.note.note_text).toBe('Light and water');
    expect((await call('PATCH', `/api/notes/${note._id}`, { note_text: '' })).statusCode).toBe(400);

    const removed = await call('DELETE', `/api/notes/${note._id}`);
    expect(removed.json()).toEqual({ data: { deleted: true } });
    expect((await call('GET', `/api/notes/topic/${reading.topic.id}`)).json().data.note).toEqual([]);
    expect((await call('DELETE', `/api/notes/${note._id}`)).statusCode).toBe(404);
  });

  it('answers a topic without the student’s notes empty, and shows a first note written there at once', async () => {
    const fresh = await createTopicRow(t, school.institution.id, reading.chapter.id);
    const url = `/api/notes/topic/${fresh.id}`;
    const empty = await call('GET', url);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.note).toEqual([]);
    const written = await call('POST', '/api/notes', noteBody({ topic_id: fresh.id }));
    expect(written.statusCode).toBe(201);
    const listed = await call('GET', url);
    expect(listed.json().data.note.map((item: { _id: string }) => item._id)).toEqual([
      written.json().data.note._id,
    ]);
    expect((await call('GET', url, undefined, classmate.token)).json().data.note).toEqual([]);
    expect((await call('GET', `/api/notes/topic/${theirs.topic.id}`)).statusCode).toBe(404);
  });

  it('keeps notes private: another student can neither see nor change them', async () => {
    const note = (await call('POST', '/api/notes', noteBody())).json().data.note;
    const seen = await call('GET', `/api/notes/topic/${reading.topic.id}`, undefined, classmate.token);
    expect(seen.json().data.note).toEqual([]);
    expect(
      (await call('PATCH', `/api/notes/${note._id}`, { note_text: 'mine now' }, classmate.token)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/notes/${note._id}`, undefined, classmate.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notes/${note._id}`, undefined, other.tokens.student)).statusCode).toBe(
      404,
    );
  });
});

describe('session notes', () => {
  let session: Awaited<ReturnType<typeof createOnlineSession>>;
  let custom: Awaited<ReturnType<typeof createOnlineSession>>;

  beforeAll(async () => {
    const values = {
      institutionId: school.institution.id,
      batchId: school.batch.id,
      batchSubjectId: reading.batchSubject.id,
    };
    // A batch session is open to the batch's students enrolled in its subject (decision 29).
    await enrolStudents(t, reading.batchSubject.id, [school.accounts.student.entityId]);
    session = await createOnlineSession(t, values);
    custom = await createOnlineSession(t, { ...values, isCustom: true });
  });

  it('are for students only', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const route of [
      { method: 'POST', url: '/api/notes/session', payload: { session_id: session.id, note_text: 'x' } },
      { method: 'GET', url: `/api/notes/session/${session.id}` },
      { method: 'GET', url: '/api/users/me/session-notes' },
      { method: 'PATCH', url: `/api/notes/session/note/${id}`, payload: { note_text: 'x' } },
      { method: 'DELETE', url: `/api/notes/session/note/${id}` },
    ] as const) {
      await expectGuarded(t, school, route, ['student']);
    }
  });

  it('refuses bad bodies, other institutions and uninvited custom sessions', async () => {
    expect(
      (await call('POST', '/api/notes/session', { session_id: session.id, note_text: '' })).statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/notes/session', { session_id: 'x', note_text: 'a' })).statusCode).toBe(
      400,
    );
    const foreign = await call(
      'POST',
      '/api/notes/session',
      { session_id: session.id, note_text: 'a' },
      other.tokens.student,
    );
    expect(foreign.statusCode).toBe(404);
    const uninvited = await call('POST', '/api/notes/session', { session_id: custom.id, note_text: 'a' });
    expect(uninvited.statusCode).toBe(403);
    await t.db
      .insert(onlineSessionStudents)
      .values({ sessionId: custom.id, studentId: school.accounts.student.entityId });
    expect(
      (await call('POST', '/api/notes/session', { session_id: custom.id, note_text: 'a' })).statusCode,
    ).toBe(201);
  });

  it('refuses a student of the batch who does not study the session’s subject', async () => {
    const unenrolled = await t.createAccount('student', {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    const token = await t.login(unenrolled.username);
    const refused = await call(
      'POST',
      '/api/notes/session',
      { session_id: session.id, note_text: 'a' },
      token,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('creates, lists, edits and deletes own session notes', async () => {
    const created = await call('POST', '/api/notes/session', {
      session_id: session.id,
      note_text: 'Revise chapter 2',
    });
    expect(created.statusCode).toBe(201);
    const note = created.json().data.note;
    expect(note).toMatchObject({
      session_id: session.id,
      session_title: session.title,
      note_text: 'Revise chapter 2',
    });
    const listed = await call('GET', `/api/notes/session/${session.id}`);
    expect(listed.json().data.notes.map((item: { _id: string }) => item._id)).toEqual([note._id]);
    expect(
      (await call('GET', '/api/users/me/session-notes')).json().data.notes.length,
    ).toBeGreaterThanOrEqual(1);
    const edited = await call('PATCH', `/api/notes/session/note/${note._id}`, { note_text: 'Revise 3' });
    expect(edited.json().data.note.note_text).toBe('Revise 3');
    expect(
      (await call('PATCH', `/api/notes/session/note/${note._id}`, { note_text: 'x' }, classmate.token))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/notes/session/note/${note._id}`)).json()).toEqual({
      data: { deleted: true },
    });
    expect((await call('GET', `/api/notes/session/${session.id}`)).json().data.notes).toEqual([]);
  });
});
