import { MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions, uploads } from '../../db/schema/index.js';
import { createOwner, uploadAs } from '../../test/factories/institutions.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let owner: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  owner = await createOwner(t);
});
afterAll(() => t.close());

const missingId = '00000000-0000-4000-8000-000000000000';
const DEFAULT_URL = /^\/files\/_defaults\/demo-videos\/demo-(student|faculty)\.webm\?v=[0-9a-f]{12}$/;
const url = (id: string) => `/api/institutions/${id}/demo-videos`;
const update = (id: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: url(id), payload: payload as object, headers: bearer(owner.token) });
const demoVideoOf = async (token: string) =>
  (await t.app.inject({ url: '/api/users/me/demo-video', headers: bearer(token) })).json().data.url as string;

describe('GET /api/institutions/{id}/demo-videos', () => {
  it('is for owners only', async () => {
    await expectGuarded(t, school, { method: 'GET', url: url(school.institution.id) }, ['owner']);
  });

  it('answers what the institution set (none yet) and the portal’s defaults', async () => {
    const response = await t.app.inject({ url: url(school.institution.id), headers: bearer(owner.token) });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.demo_videos).toEqual({ student: null, faculty: null });
    expect(data.defaults.student).toMatch(DEFAULT_URL);
    expect(data.defaults.faculty).toMatch(DEFAULT_URL);
    expect(data.defaults.student).not.toBe(data.defaults.faculty);
  });

  it('answers 404 for an unknown or archived institution and 400 for a malformed id', async () => {
    const archived = await t.createInstitution({ visibility: false });
    for (const id of [missingId, archived.id]) {
      expect((await t.app.inject({ url: url(id), headers: bearer(owner.token) })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: url('nope'), headers: bearer(owner.token) })).statusCode).toBe(400);
  });
});

describe('PATCH /api/institutions/{id}/demo-videos', () => {
  it('is for owners only', async () => {
    const payload = { student: null };
    await expectGuarded(t, school, { method: 'PATCH', url: url(school.institution.id), payload }, ['owner']);
  });

  it('sets the students’ video: students play it, faculty keep their default, and back to the default', async () => {
    const target = await t.createSchool();
    const video = await uploadAs(t, owner.token, 'students-tour.webm', 'WEBM');
    const response = await update(target.institution.id, { student: video });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.demo_videos).toEqual({ student: video, faculty: null });

    expect(await demoVideoOf(target.tokens.student)).toBe(video);
    expect(await demoVideoOf(target.tokens.faculty)).toMatch(DEFAULT_URL);
    expect(await demoVideoOf(school.tokens.student)).toMatch(DEFAULT_URL);
    // The video is now the institution's: its students load it, another institution's cannot.
    const played = await t.app.inject({ url: video, headers: await t.fileCookie(target.tokens.student) });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('video/webm');
    expect(
      (await t.app.inject({ url: video, headers: await t.fileCookie(school.tokens.student) })).statusCode,
    ).toBe(404);
    // The owner can still preview it.
    expect((await t.app.inject({ url: video, headers: await t.fileCookie(owner.token) })).statusCode).toBe(
      200,
    );
    const [file] = await t.db.select().from(uploads).where(eq(uploads.publicUrl, video));
    expect(file).toMatchObject({ institutionId: target.institution.id, kind: 'demo_video' });

    const faculty = await uploadAs(t, owner.token, 'faculty-tour.mp4');
    const both = await update(target.institution.id, { faculty });
    expect(both.json().data.demo_videos).toEqual({ student: video, faculty });
    expect(await demoVideoOf(target.tokens.faculty)).toBe(faculty);

    const cleared = await update(target.institution.id, { student: null });
    expect(cleared.json().data.demo_videos).toEqual({ student: null, faculty });
    expect(await demoVideoOf(target.tokens.student)).toMatch(DEFAULT_URL);
  });

  it.each([
    ['no role at all', async () => ({}), 'student', MESSAGES.chooseFile],
    ['a number', async () => ({ student: 42 }), 'student', MESSAGES.chooseFile],
    ['a script link', async () => ({ faculty: 'javascript:alert(1)' }), 'faculty', MESSAGES.uploadAgain],
    [
      'an outside link',
      async () => ({ student: 'https://videos.example.com/a.mp4' }),
      'student',
      MESSAGES.uploadAgain,
    ],
    [
      'a link to no stored file',
      async () => ({ student: '/files/portal/none.webm' }),
      'student',
      MESSAGES.uploadAgain,
    ],
    [
      'another institution’s video',
      async () => ({ student: await uploadAs(t, school.tokens.moderator, 'theirs.mp4') }),
      'student',
      MESSAGES.uploadAgain,
    ],
    [
      'a file that is not a video',
      async () => ({ faculty: await uploadAs(t, owner.token, 'poster.png') }),
      'faculty',
      MESSAGES.videoOnly,
    ],
  ])('refuses %s with 400 on its field and changes nothing', async (_, bodyOf, field, message) => {
    const target = await t.createInstitution({ demoVideos: { student: '/files/before.webm' } });
    const response = await update(target.id, await bodyOf());
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    const [row] = await t.db.select().from(institutions).where(eq(institutions.id, target.id));
    expect(row?.demoVideos).toEqual({ student: '/files/before.webm' });
  });

  it('answers 404 for an unknown or archived institution', async () => {
    const archived = await t.createInstitution({ visibility: false });
    for (const id of [missingId, archived.id]) {
      expect((await update(id, { student: null })).statusCode).toBe(404);
    }
  });
});
