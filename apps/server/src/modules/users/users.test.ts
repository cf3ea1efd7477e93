import type { DemoVideo } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const defaultOf = (role: string) =>
  new RegExp(`^/files/_defaults/demo-videos/demo-${role}\\.webm\\?v=[0-9a-f]{12}$`);

describe('GET /api/users/me/demo-video', () => {
  it('needs a token', async () => {
    expect((await t.app.inject({ url: '/api/users/me/demo-video' })).statusCode).toBe(401);
  });

  it('answers the video the caller’s own institution set for the role, else the role’s default', async () => {
    const school = await t.createInstitution({
      demoVideos: { student: '/media/student-demo.mp4', faculty: '/media/f.mp4', moderator: '/media/m.mp4' },
    });
    const other = await t.createInstitution({ demoVideos: { student: '/media/other.mp4' } });
    const student = await t.createAccount('student', { institutionId: school.id });
    const faculty = await t.createAccount('faculty', { institutionId: school.id });
    const moderator = await t.createAccount('moderator', { institutionId: school.id });
    const otherStudent = await t.createAccount('student', { institutionId: other.id });
    const otherFaculty = await t.createAccount('faculty', { institutionId: other.id });
    const owner = await t.createAccount('owner');

    const urlFor = async (username: string) =>
      (
        await t.app.inject({ url: '/api/users/me/demo-video', headers: bearer(await t.login(username)) })
      ).json().data.url;
    expect(await urlFor(student.username)).toBe('/media/student-demo.mp4');
    expect(await urlFor(faculty.username)).toBe('/media/f.mp4');
    expect(await urlFor(otherStudent.username)).toBe('/media/other.mp4');
    expect(await urlFor(otherFaculty.username)).toMatch(defaultOf('faculty'));
    // Moderators and owners see the portal's recording of their own screens.
    expect(await urlFor(moderator.username)).toMatch(defaultOf('moderator'));
    expect(await urlFor(owner.username)).toMatch(defaultOf('owner'));
  });

  it("answers the portal's recording with a caption track per language, an institution's own video without", async () => {
    const school = await t.createInstitution({ demoVideos: { student: '/media/student-demo.mp4' } });
    const student = await t.createAccount('student', { institutionId: school.id });
    const faculty = await t.createAccount('faculty', { institutionId: school.id });
    const answer = async (username: string) =>
      (
        await t.app.inject({ url: '/api/users/me/demo-video', headers: bearer(await t.login(username)) })
      ).json().data as DemoVideo;
    expect((await answer(student.username)).captions).toEqual([]);
    const { url, captions } = await answer(faculty.username);
    expect(url).toMatch(defaultOf('faculty'));
    expect(captions.map((track) => track.language)).toEqual(['en', 'hi', 'ta', 'bn']);
    expect(captions[0]!.url).toMatch(/^\/files\/_defaults\/demo-videos\/demo-faculty\.vtt\?v=[0-9a-f]{12}$/);
    expect(captions[1]!.url).toMatch(
      /^\/files\/_defaults\/demo-videos\/demo-faculty\.hi\.vtt\?v=[0-9a-f]{12}$/,
    );
    const files = await t.fileCookie(await t.login(faculty.username));
    const english = await t.app.inject({ url: captions[0]!.url, headers: files });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toMatch(/^text\/vtt/);
    expect(english.payload).toMatch(/^WEBVTT\n\n1\n00:00:\d\d\.\d{3} --> 00:00:\d\d\.\d{3}\nHome: /);
    const hindi = await t.app.inject({ url: captions[1]!.url, headers: files });
    expect(hindi.statusCode).toBe(200);
    expect(hindi.headers['content-type']).toMatch(/^text\/vtt/);
    expect(hindi.payload).toMatch(/^WEBVTT\n\n1\n00:00:\d\d\.\d{3} --> 00:00:\d\d\.\d{3}\nहोम: /);
  });
});

describe('GET /files/_defaults/demo-videos/{file}', () => {
  it('serves the default recordings to any signed-in user, with ranges', async () => {
    const school = await t.createInstitution();
    const student = await t.createAccount('student', { institutionId: school.id });
    const token = await t.login(student.username);
    const url = (await t.app.inject({ url: '/api/users/me/demo-video', headers: bearer(token) })).json().data
      .url as string;
    const files = await t.fileCookie(token);

    const whole = await t.app.inject({ url, headers: files });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['cache-control']).toBe('private, max-age=86400');
    // WebM files begin with the EBML magic number.
    expect(whole.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    const part = await t.app.inject({ url, headers: { ...files, range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);

    const owner = await t.createAccount('owner');
    const ownerFiles = await t.fileCookie(await t.login(owner.username));
    expect(
      (await t.app.inject({ url: '/files/_defaults/demo-videos/demo-owner.webm', headers: ownerFiles }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 401 without the file cookie and 404 for any other file', async () => {
    expect((await t.app.inject({ url: '/files/_defaults/demo-videos/demo-student.webm' })).statusCode).toBe(
      401,
    );
    const owner = await t.createAccount('owner');
    const files = await t.fileCookie(await t.login(owner.username));
    for (const name of ['other.webm', '..%2Fdemo-student.webm', '.hidden']) {
      const response = await t.app.inject({ url: `/files/_defaults/demo-videos/${name}`, headers: files });
      expect(response.statusCode, name).toBe(404);
    }
  });
});
