import { FILE_NAME_MAX_LENGTH, MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
});
afterAll(() => t.close());

const tusHeaders = (token: string, extra: Record<string, string> = {}) => ({
  ...bearer(token),
  'tus-resumable': '1.0.0',
  ...extra,
});
const metadata = (filename: string) => `filename ${Buffer.from(filename).toString('base64')}`;

describe('resumable video upload (tus)', () => {
  it('is for content authors only', async () => {
    const create = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/uploads/videos', headers });
    expect((await create({ 'tus-resumable': '1.0.0' })).statusCode).toBe(401);
    expect((await create(tusHeaders(school.tokens.student))).statusCode).toBe(403);
  });

  it.each([
    ['a file that is not a video', 'notes.pdf', MESSAGES.videoOnly],
    ['a name holding a NUL character', 'Lesson\u0000.mp4', MESSAGES.unstorableText],
  ])('refuses %s', async (_, filename, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/videos',
      headers: tusHeaders(school.tokens.faculty, {
        'upload-length': '10',
        'upload-metadata': metadata(filename),
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });

  it('completes after an interruption, resuming from the offset the server reports', async () => {
    const video = Buffer.alloc(300 * 1024);
    for (let index = 0; index < video.length; index += 1) video[index] = index % 251;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/videos',
      headers: tusHeaders(school.tokens.faculty, {
        'upload-length': String(video.length),
        'upload-metadata': metadata('Lesson 1.mp4'),
      }),
    });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/uploads\/videos\/[0-9a-f]+$/);

    const patch = (offset: number, chunk: Buffer) =>
      t.app.inject({
        method: 'PATCH',
        url: location,
        payload: chunk,
        headers: tusHeaders(school.tokens.faculty, {
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        }),
      });
    const first = await patch(0, video.subarray(0, 100 * 1024));
    expect(first.statusCode).toBe(204);

    // The connection drops; the client asks where to resume.
    const head = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: tusHeaders(school.tokens.faculty),
    });
    expect(head.headers['upload-offset']).toBe(String(100 * 1024));

    const wrongOffset = await patch(0, video.subarray(0, 10));
    expect(wrongOffset.statusCode).toBe(409);

    const rest = await patch(100 * 1024, video.subarray(100 * 1024));
    expect(rest.statusCode).toBe(204);
    const publicUrl = rest.headers['upload-public-url'] as string;
    expect(publicUrl).toMatch(
      new RegExp(`^/files/${school.institution.id}/videos/[0-9a-f]{24}-Lesson-1\\.mp4$`),
    );

    const signedIn = await t.fileCookie(school.tokens.student);
    const whole = await t.app.inject({ url: publicUrl, headers: signedIn });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(video)).toBe(true);
    const ranged = await t.app.inject({ url: publicUrl, headers: { ...signedIn, range: 'bytes=1000-1999' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);
  });
});

describe('a resumable upload belongs to its creator', () => {
  async function createUpload(token: string, filename = 'Lesson 2.mp4', length = 1000) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/videos',
      headers: tusHeaders(token, { 'upload-length': String(length), 'upload-metadata': metadata(filename) }),
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.headers.location as string;
  }
  const head = (token: string, location: string) =>
    t.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(token) });
  const patch = (token: string, location: string, offset: number, chunk: Buffer) =>
    t.app.inject({
      method: 'PATCH',
      url: location,
      payload: chunk,
      headers: tusHeaders(token, {
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      }),
    });

  it("tells nobody else an upload's offset, and shows no one's ids, not even to its owner", async () => {
    const location = await createUpload(school.tokens.faculty);
    const colleague = await t.createAccount('faculty', { institutionId: school.institution.id });
    const other = await t.createSchool();
    for (const token of [
      await t.login(colleague.username),
      school.tokens.moderator,
      other.tokens.moderator,
    ]) {
      const refused = await head(token, location);
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['upload-offset']).toBeUndefined();
      expect(refused.headers['upload-metadata']).toBeUndefined();
    }

    const own = await head(school.tokens.faculty, location);
    expect(own.statusCode).toBe(200);
    expect(own.headers['upload-offset']).toBe('0');
    expect(own.headers['upload-metadata']).toBe(metadata('Lesson 2.mp4'));
    for (const id of [school.accounts.faculty.user.id, school.institution.id]) {
      expect(JSON.stringify(own.headers)).not.toContain(id);
    }
  });

  it('lets nobody else write into it or finish it', async () => {
    const location = await createUpload(school.tokens.faculty, 'Lesson 3.mp4', 10);
    const written = await patch(school.tokens.moderator, location, 0, Buffer.alloc(10, 1));
    expect(written.statusCode).toBe(404);
    expect(written.headers['upload-public-url']).toBeUndefined();
    expect((await head(school.tokens.faculty, location)).headers['upload-offset']).toBe('0');

    const own = await patch(school.tokens.faculty, location, 0, Buffer.alloc(10, 2));
    expect(own.statusCode).toBe(204);
    expect(own.headers['upload-public-url']).toMatch(/\.mp4$/);
  });

  it('lets nobody else delete it', async () => {
    const location = await createUpload(school.tokens.faculty);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: location,
      headers: tusHeaders(school.tokens.moderator),
    });
    expect(deleted.statusCode).toBe(404);
    expect((await head(school.tokens.faculty, location)).statusCode).toBe(200);

    const own = await t.app.inject({
      method: 'DELETE',
      url: location,
      headers: tusHeaders(school.tokens.faculty),
    });
    expect(own.statusCode).toBe(204);
    expect((await head(school.tokens.faculty, location)).statusCode).toBe(404);
  });

  it('refuses an empty video', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/videos',
      headers: tusHeaders(school.tokens.faculty, {
        'upload-length': '0',
        'upload-metadata': metadata('empty.mp4'),
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(MESSAGES.fileEmpty);
  });

  it('shortens a very long video name, keeping the extension', async () => {
    const long = `${'Motion in a straight line '.repeat(12)}.mp4`;
    const location = await createUpload(school.tokens.faculty, long, 4);
    const done = await patch(school.tokens.faculty, location, 0, Buffer.alloc(4, 3));
    expect(done.statusCode).toBe(204);
    const publicUrl = done.headers['upload-public-url'] as string;
    expect(publicUrl).toMatch(/^\/files\/[^/]+\/videos\/[0-9a-f]{24}-Motion-in-a-straight-line[\w-]*\.mp4$/);
    expect(publicUrl.length).toBeLessThan(200);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.publicUrl, publicUrl));
    expect(row!.filename).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(row!.filename.endsWith('.mp4')).toBe(true);
  });
});
