import { MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faculties, topics } from '../../db/schema/index.js';
import { contentFactory, doc } from '../../test/factories/topics.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

type School = Awaited<ReturnType<TestApp['createSchool']>>;
type Row = { id: string };

let t: TestApp;
let school: School;
let other: School;
let content: ReturnType<typeof contentFactory>;
/** An account of the school's moderator, faculty (assigned to subject), faculty2 (not), student. */
let faculty2Token: string;
let faculty2Id: string;
let faculty2Username: string;
const rows = {} as Record<
  'subject' | 'otherSubject' | 'chapter' | 'hiddenChapter' | 'otherSubjectChapter' | 'emptyChapter',
  Row
> &
  Record<'visibleTopic' | 'hiddenTopic' | 'topicOfHiddenChapter' | 'otherSubjectTopic', Row> & {
    foreignChapter: Row;
    foreignTopic: Row;
  };

const as = (token: string) => bearer(token);
const ids = (list: { _id: string }[]) => list.map((topic) => topic._id);

beforeAll(async () => {
  t = await createTestApp();
  content = contentFactory(t);
  school = await t.createSchool();
  other = await t.createSchool();
  const institutionId = school.institution.id;

  const faculty2 = await t.createAccount('faculty', { institutionId });
  faculty2Token = await t.login(faculty2.username);
  faculty2Id = faculty2.entityId;
  faculty2Username = faculty2.username;

  // The school's batch learns `subject`, taught by `faculty`; `otherSubject` belongs to another batch.
  rows.subject = await content.createSubject(institutionId);
  const batchSubject = await content.createBatchSubject(institutionId, school.batch.id, rows.subject.id);
  await content.assignFaculty(batchSubject.id, school.accounts.faculty.entityId);
  rows.otherSubject = await content.createSubject(institutionId);
  const otherBatch = await t.createBatch(institutionId);
  const otherBatchSubject = await content.createBatchSubject(
    institutionId,
    otherBatch.id,
    rows.otherSubject.id,
  );
  await content.assignFaculty(otherBatchSubject.id, faculty2Id);

  rows.chapter = await content.createChapter(institutionId, rows.subject.id);
  rows.hiddenChapter = await content.createChapter(institutionId, rows.subject.id, { visibility: false });
  rows.emptyChapter = await content.createChapter(institutionId, rows.subject.id);
  rows.otherSubjectChapter = await content.createChapter(institutionId, rows.otherSubject.id);
  rows.visibleTopic = await content.createTopic(institutionId, rows.chapter.id, {
    authorId: school.accounts.faculty.entityId,
    authorName: 'Faculty',
  });
  rows.hiddenTopic = await content.createTopic(institutionId, rows.chapter.id, { visibility: false });
  rows.topicOfHiddenChapter = await content.createTopic(institutionId, rows.hiddenChapter.id);
  rows.otherSubjectTopic = await content.createTopic(institutionId, rows.otherSubjectChapter.id, {
    authorId: faculty2Id,
  });

  const foreignSubject = await content.createSubject(other.institution.id);
  await content.createBatchSubject(other.institution.id, other.batch.id, foreignSubject.id);
  rows.foreignChapter = await content.createChapter(other.institution.id, foreignSubject.id);
  rows.foreignTopic = await content.createTopic(other.institution.id, rows.foreignChapter.id, {
    authorId: other.accounts.faculty.entityId,
  });
});
afterAll(() => t.close());

const validBody = () => ({
  title: 'Photosynthesis',
  type: 'image',
  content_uri: '/files/school/leaf.png',
  wysiwyg_state: doc('Plants make food from light.'),
  chapter_id: rows.chapter.id,
  author_id: school.accounts.faculty.entityId,
  notes: ['/files/school/notes-1.pdf'],
});

describe('GET /api/topics/chapter-id/{chapterId}', () => {
  const url = (chapterId: string) => `/api/topics/chapter-id/${chapterId}`;

  it('is for signed-in members of the institution', async () => {
    await expectGuarded(t, school, { method: 'GET', url: url(rows.chapter.id) }, [
      'moderator',
      'faculty',
      'student',
    ]);
  });

  it('lists every topic for moderators and assigned faculty, newest last, in the documented shape', async () => {
    for (const token of [school.tokens.moderator, school.tokens.faculty]) {
      const response = await t.app.inject({ url: url(rows.chapter.id), headers: as(token) });
      expect(response.statusCode).toBe(200);
      const list = response.json().data.topics;
      expect(ids(list)).toEqual([rows.visibleTopic.id, rows.hiddenTopic.id]);
      expect(list[0]).toEqual({
        _id: rows.visibleTopic.id,
        title: expect.any(String),
        topic_title: list[0].title,
        type: 'image',
        content_uri: '/files/x/picture.png',
        wysiwyg_state: doc('About it'),
        chapter_id: rows.chapter.id,
        subject_id: rows.subject.id,
        author_id: school.accounts.faculty.entityId,
        author_name: 'Faculty',
        notes: [],
        // An image topic without a logo shows its image (the factory's content).
        topic_logo_url: '/files/x/picture.png',
        visibility: true,
        self_assessment: false,
        created_at: expect.any(String),
      });
    }
  });

  it('shows a student only the visible topics of visible chapters of their batch’s subjects', async () => {
    const visible = await t.app.inject({ url: url(rows.chapter.id), headers: as(school.tokens.student) });
    expect(ids(visible.json().data.topics)).toEqual([rows.visibleTopic.id]);
    for (const chapterId of [rows.hiddenChapter.id, rows.otherSubjectChapter.id]) {
      const response = await t.app.inject({ url: url(chapterId), headers: as(school.tokens.student) });
      expect(response.statusCode).toBe(404);
    }
  });

  it('refuses a faculty member the chapters of subjects they do not teach (404)', async () => {
    const response = await t.app.inject({
      url: url(rows.otherSubjectChapter.id),
      headers: as(school.tokens.faculty),
    });
    expect(response.statusCode).toBe(404);
    const theirs = await t.app.inject({ url: url(rows.otherSubjectChapter.id), headers: as(faculty2Token) });
    expect(ids(theirs.json().data.topics)).toEqual([rows.otherSubjectTopic.id]);
  });

  it('answers an empty list for a chapter without topics', async () => {
    const response = await t.app.inject({
      url: url(rows.emptyChapter.id),
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.topics).toEqual([]);
  });

  it('answers 404 for another institution’s chapter and 400 for a malformed id', async () => {
    const foreign = await t.app.inject({
      url: url(rows.foreignChapter.id),
      headers: as(school.tokens.moderator),
    });
    expect(foreign.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: url('nope'), headers: as(school.tokens.moderator) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.chapterId).toBe(MESSAGES.invalidId);
  });
});

describe('GET /api/topics?ids= and GET /api/topics/{topicId}', () => {
  const all = () =>
    [
      rows.visibleTopic,
      rows.hiddenTopic,
      rows.topicOfHiddenChapter,
      rows.otherSubjectTopic,
      rows.foreignTopic,
    ].map((row) => row.id);

  it('are for signed-in members of the institution', async () => {
    await expectGuarded(t, school, { method: 'GET', url: `/api/topics?ids=${rows.visibleTopic.id}` }, [
      'moderator',
      'faculty',
      'student',
    ]);
    await expectGuarded(t, school, { method: 'GET', url: `/api/topics/${rows.visibleTopic.id}` }, [
      'moderator',
      'faculty',
      'student',
    ]);
  });

  it('list only the readable topics among the ids, never another institution’s', async () => {
    const query = `/api/topics?ids=${all().join(',')}`;
    const expected: [string, string[]][] = [
      [
        school.tokens.moderator,
        [rows.visibleTopic.id, rows.hiddenTopic.id, rows.topicOfHiddenChapter.id, rows.otherSubjectTopic.id],
      ],
      [school.tokens.faculty, [rows.visibleTopic.id, rows.hiddenTopic.id, rows.topicOfHiddenChapter.id]],
      [school.tokens.student, [rows.visibleTopic.id]],
    ];
    for (const [token, wanted] of expected) {
      const response = await t.app.inject({ url: query, headers: as(token) });
      expect(response.statusCode).toBe(200);
      expect(ids(response.json().data.topics)).toEqual(wanted);
    }
    const none = await t.app.inject({ url: '/api/topics', headers: as(school.tokens.moderator) });
    expect(none.json().data.topics).toEqual([]);
    const bad = await t.app.inject({ url: '/api/topics?ids=a,b', headers: as(school.tokens.moderator) });
    expect(bad.statusCode).toBe(400);
  });

  it('answer one topic, and 404 when the caller may not read it', async () => {
    const one = await t.app.inject({
      url: `/api/topics/${rows.visibleTopic.id}`,
      headers: as(school.tokens.student),
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.topic._id).toBe(rows.visibleTopic.id);
    const refused: [string, string][] = [
      [school.tokens.student, rows.hiddenTopic.id],
      [school.tokens.student, rows.topicOfHiddenChapter.id],
      [school.tokens.faculty, rows.otherSubjectTopic.id],
      [school.tokens.moderator, rows.foreignTopic.id],
    ];
    for (const [token, id] of refused) {
      const response = await t.app.inject({ url: `/api/topics/${id}`, headers: as(token) });
      expect(response.statusCode, id).toBe(404);
    }
  });
});

describe('GET /api/topics/author-id', () => {
  const url = (authorIds: string[]) => `/api/topics/author-id?author_ids=${authorIds.join(',')}`;

  it('is for moderators and faculty', async () => {
    await expectGuarded(t, school, { method: 'GET', url: url([school.accounts.faculty.entityId]) }, [
      'moderator',
      'faculty',
    ]);
  });

  it('lists a moderator any author’s topics of the institution', async () => {
    const response = await t.app.inject({
      url: url([school.accounts.faculty.entityId, faculty2Id, other.accounts.faculty.entityId]),
      headers: as(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(200);
    expect(ids(response.json().data.topics)).toEqual([rows.visibleTopic.id, rows.otherSubjectTopic.id]);
  });

  it('lets a faculty member list only their own topics', async () => {
    const own = await t.app.inject({
      url: url([school.accounts.faculty.entityId]),
      headers: as(school.tokens.faculty),
    });
    expect(ids(own.json().data.topics)).toEqual([rows.visibleTopic.id]);
    const implicit = await t.app.inject({ url: '/api/topics/author-id', headers: as(faculty2Token) });
    expect(ids(implicit.json().data.topics)).toEqual([rows.otherSubjectTopic.id]);
    const someoneElse = await t.app.inject({ url: url([faculty2Id]), headers: as(school.tokens.faculty) });
    expect(someoneElse.statusCode).toBe(403);
    const bad = await t.app.inject({ url: url(['x']), headers: as(school.tokens.moderator) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/topics', () => {
  const post = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/topics', payload, headers: as(token) });

  it('is for moderators and faculty', async () => {
    await expectGuarded(t, school, { method: 'POST', url: '/api/topics', payload: validBody() }, [
      'moderator',
      'faculty',
    ]);
  });

  it('creates a topic; the author’s name comes from the faculty record, the text is kept for search', async () => {
    const response = await post(school.tokens.moderator, { ...validBody(), author_name: 'Someone Else' });
    expect(response.statusCode).toBe(201);
    const topic = response.json().data.topic;
    expect(topic).toMatchObject({
      title: 'Photosynthesis',
      topic_title: 'Photosynthesis',
      type: 'image',
      content_uri: '/files/school/leaf.png',
      wysiwyg_state: doc('Plants make food from light.'),
      chapter_id: rows.chapter.id,
      subject_id: rows.subject.id,
      author_id: school.accounts.faculty.entityId,
      author_name: `Faculty ${school.accounts.faculty.username}`,
      notes: ['/files/school/notes-1.pdf'],
      visibility: true,
      self_assessment: false,
    });
    const [row] = await t.db.select().from(topics).where(eq(topics.id, topic._id));
    expect(row!.descriptionText).toBe('Plants make food from light.');
    expect(row!.institutionId).toBe(school.institution.id);
  });

  it('gives a card picture: the logo, else an image topic’s own image; none for audio without a logo', async () => {
    const picture = async (body: object) => {
      const created = await post(school.tokens.moderator, { ...validBody(), ...body });
      expect(created.statusCode).toBe(201);
      const id = created.json().data.topic._id;
      const read = await t.app.inject({ url: `/api/topics/${id}`, headers: as(school.tokens.moderator) });
      const listed = await t.app.inject({
        url: `/api/topics/chapter-id/${rows.chapter.id}`,
        headers: as(school.tokens.moderator),
      });
      const inList = listed.json().data.topics.find((topic: { _id: string }) => topic._id === id);
      expect(inList.topic_logo_url).toBe(read.json().data.topic.topic_logo_url);
      return created.json().data.topic.topic_logo_url;
    };
    expect(await picture({})).toBe('/files/school/leaf.png');
    expect(await picture({ topic_logo_url: '/files/school/logo.png' })).toBe('/files/school/logo.png');
    expect(await picture({ type: 'audio', content_uri: 'https://audio.test/a.mp3' })).toBeNull();
  });

  it('refuses a topic logo link that is neither http(s) nor the portal’s own file', async () => {
    const response = await post(school.tokens.moderator, {
      ...validBody(),
      topic_logo_url: 'javascript:alert(1)',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.topic_logo_url).toBe(MESSAGES.logoLinkInvalid);
  });

  it('lets a faculty member author a subject they teach, and refuses one they do not', async () => {
    const assigned = await post(school.tokens.faculty, { ...validBody(), title: 'By the teacher' });
    expect(assigned.statusCode).toBe(201);
    const unassigned = await post(faculty2Token, validBody());
    expect(unassigned.statusCode).toBe(403);
    expect(unassigned.json().error.code).toBe('FORBIDDEN');
  });

  it('makes a faculty member the author of what they write, whoever the form names', async () => {
    const response = await post(school.tokens.faculty, { ...validBody(), author_id: faculty2Id });
    expect(response.statusCode).toBe(201);
    const topic = response.json().data.topic;
    expect(topic.author_id).toBe(school.accounts.faculty.entityId);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/topics/${topic._id}`,
      payload: { author_id: faculty2Id },
      headers: as(school.tokens.faculty),
    });
    expect(edited.json().data.topic.author_id).toBe(school.accounts.faculty.entityId);
  });

  it('answers 404 for another institution’s chapter', async () => {
    const response = await post(school.tokens.moderator, {
      ...validBody(),
      chapter_id: rows.foreignChapter.id,
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses an author who is not an active faculty member of the institution', async () => {
    const archived = await t.createAccount('faculty', { institutionId: school.institution.id });
    await t.db.update(faculties).set({ archivedAt: new Date() }).where(eq(faculties.id, archived.entityId));
    for (const authorId of [
      other.accounts.faculty.entityId,
      archived.entityId,
      school.accounts.moderator.entityId,
    ]) {
      const response = await post(school.tokens.moderator, { ...validBody(), author_id: authorId });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.author_id).toBe(MESSAGES.authorNotActive);
    }
  });

  const emptyDoc = { type: 'doc', content: [{ type: 'paragraph' }] };
  it.each([
    ['title', { title: '  ' }, MESSAGES.fillTheForm],
    ['title', { title: undefined }, MESSAGES.fillTheForm],
    ['type', { type: 'pdf' }, MESSAGES.fillTheForm],
    ['content_uri', { content_uri: '' }, MESSAGES.fillTheForm],
    ['content_uri', { content_uri: 'javascript:alert(1)' }, 'Please give a valid link.'],
    ['wysiwyg_state', { wysiwyg_state: emptyDoc }, MESSAGES.fillTheForm],
    ['author_id', { author_id: undefined }, MESSAGES.invalidId],
    ['chapter_id', { chapter_id: 'x' }, MESSAGES.invalidId],
    ['notes.0', { notes: ['ftp://elsewhere'] }, 'Please give a valid link.'],
  ])('refuses a bad %s (%j)', async (field, change, message) => {
    const response = await post(school.tokens.moderator, { ...validBody(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });
});

describe('PATCH /api/topics/{topicId}', () => {
  const patch = (token: string, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/topics/${id}`, payload, headers: as(token) });

  it('is for moderators and faculty', async () => {
    await expectGuarded(
      t,
      school,
      { method: 'PATCH', url: `/api/topics/${rows.visibleTopic.id}`, payload: { title: 'x' } },
      ['moderator', 'faculty'],
    );
  });

  it('changes only what it is sent', async () => {
    const created = await content.createTopic(school.institution.id, rows.chapter.id, {
      notes: ['/files/a.pdf', '/files/b.pdf'],
      authorId: school.accounts.faculty.entityId,
      authorName: 'Faculty',
    });
    const response = await patch(school.tokens.faculty, created.id, {
      title: 'Renamed',
      wysiwyg_state: doc('New words'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.topic).toMatchObject({
      _id: created.id,
      title: 'Renamed',
      notes: ['/files/a.pdf', '/files/b.pdf'],
      visibility: true,
      author_id: school.accounts.faculty.entityId,
      wysiwyg_state: doc('New words'),
    });
    const [row] = await t.db.select().from(topics).where(eq(topics.id, created.id));
    expect(row!.descriptionText).toBe('New words');

    const notes = await patch(school.tokens.moderator, created.id, {
      notes: ['/files/b.pdf'],
      author_id: faculty2Id,
      type: 'video',
      content_uri: 'https://player.example.com/v/1',
    });
    expect(notes.json().data.topic).toMatchObject({
      notes: ['/files/b.pdf'],
      author_id: faculty2Id,
      author_name: `Faculty ${faculty2Username}`,
      type: 'video',
    });
  });

  it('refuses a faculty member who does not teach the subject (403) and another institution’s topic (404)', async () => {
    const refused = await patch(faculty2Token, rows.visibleTopic.id, { title: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    const foreign = await patch(school.tokens.moderator, rows.foreignTopic.id, { title: 'Mine now' });
    expect(foreign.statusCode).toBe(404);
  });

  it.each([
    ['title', { title: '' }, MESSAGES.fillTheForm],
    ['wysiwyg_state', { wysiwyg_state: { type: 'doc', content: [] } }, MESSAGES.fillTheForm],
    ['type', { type: 'text' }, MESSAGES.fillTheForm],
  ])('refuses a bad %s', async (field, payload, message) => {
    const response = await patch(school.tokens.moderator, rows.visibleTopic.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('refuses an author from another institution', async () => {
    const response = await patch(school.tokens.moderator, rows.visibleTopic.id, {
      author_id: other.accounts.faculty.entityId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.author_id).toBe(MESSAGES.authorNotActive);
  });
});

describe('DELETE /api/topics/{topicId}', () => {
  const remove = (token: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/topics/${id}`, headers: as(token) });

  it('is for moderators and faculty', async () => {
    await expectGuarded(t, school, { method: 'DELETE', url: `/api/topics/${rows.visibleTopic.id}` }, [
      'moderator',
      'faculty',
    ]);
  });

  it('refuses an unassigned faculty member (403) and another institution’s topic (404)', async () => {
    expect((await remove(faculty2Token, rows.visibleTopic.id)).statusCode).toBe(403);
    expect((await remove(school.tokens.moderator, rows.foreignTopic.id)).statusCode).toBe(404);
    expect((await remove(school.tokens.moderator, 'nope')).statusCode).toBe(400);
  });

  it('soft-deletes: the topic disappears from every read and a second delete is 404', async () => {
    const doomed = await content.createTopic(school.institution.id, rows.chapter.id);
    const response = await remove(school.tokens.faculty, doomed.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ deleted: true });
    const [row] = await t.db.select().from(topics).where(eq(topics.id, doomed.id));
    expect(row!.deletedAt).not.toBeNull();
    const list = await t.app.inject({
      url: `/api/topics/chapter-id/${rows.chapter.id}`,
      headers: as(school.tokens.moderator),
    });
    expect(ids(list.json().data.topics)).not.toContain(doomed.id);
    const one = await t.app.inject({ url: `/api/topics/${doomed.id}`, headers: as(school.tokens.moderator) });
    expect(one.statusCode).toBe(404);
    expect((await remove(school.tokens.moderator, doomed.id)).statusCode).toBe(404);
  });
});
