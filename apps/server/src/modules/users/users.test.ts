import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/users/me/demo-video', () => {
  it('needs a token', async () => {
    expect((await t.app.inject({ url: '/api/users/me/demo-video' })).statusCode).toBe(401);
  });

  it('answers the video of the caller’s own institution and role', async () => {
    const school = await t.createInstitution({
      demoVideos: { student: '/media/student-demo.mp4', faculty: '/media/f.mp4' },
    });
    const other = await t.createInstitution({ demoVideos: { student: '/media/other.mp4' } });
    const student = await t.createAccount('student', { institutionId: school.id });
    const moderator = await t.createAccount('moderator', { institutionId: school.id });
    const otherStudent = await t.createAccount('student', { institutionId: other.id });
    const owner = await t.createAccount('owner');

    const urlFor = async (username: string) =>
      (
        await t.app.inject({ url: '/api/users/me/demo-video', headers: bearer(await t.login(username)) })
      ).json().data.url;
    expect(await urlFor(student.username)).toBe('/media/student-demo.mp4');
    expect(await urlFor(otherStudent.username)).toBe('/media/other.mp4');
    expect(await urlFor(moderator.username)).toBeNull();
    expect(await urlFor(owner.username)).toBeNull();
  });
});
