import fs from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, UPLOAD_LIMIT_BYTES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
});
afterAll(() => t.close());

function form(filename: string, content: Buffer | string, field = 'file') {
  const data = new FormData();
  data.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename);
  return data;
}

async function upload(token: string | null, body: FormData) {
  return t.app.inject({
    method: 'POST',
    url: '/api/s3/v2',
    payload: body,
    headers: token ? bearer(token) : {},
  });
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'uploads');
  const entries = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => !entry.startsWith('.tus') && path.extname(entry));
}

describe('POST /api/s3/v2', () => {
  it('needs a token', async () => {
    expect((await upload(null, form('a.png', 'x'))).statusCode).toBe(401);
  });

  it('asks for a file when the form has none', async () => {
    const response = await upload(school.tokens.faculty, form('a.png', 'x', 'other'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.chooseFile);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/s3/v2',
      payload: { file: 'x' },
      headers: bearer(school.tokens.faculty),
    });
    expect(json.statusCode).toBe(400);
  });

  it('stores a file under the institution and serves it back', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const response = await upload(school.tokens.moderator, form('Diagram of Cell.png', png));
    expect(response.statusCode).toBe(201);
    const { publicUrl, filename } = response.json().data;
    expect(filename).toBe('Diagram of Cell.png');
    expect(publicUrl).toMatch(
      new RegExp(`^/files/${school.institution.id}/[0-9a-f]{24}-Diagram-of-Cell\\.png$`),
    );
    const served = await t.app.inject({ url: publicUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('never serves an uploaded page or script as such', async () => {
    const response = await upload(school.tokens.student, form('evil.html', '<script>alert(1)</script>'));
    const { publicUrl } = response.json().data;
    expect(publicUrl).toMatch(/\.bin$/);
    const served = await t.app.inject({ url: publicUrl });
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('refuses a file over 40960 KB with 413 and keeps nothing of it', async () => {
    const before = await storedFiles();
    const response = await upload(
      school.tokens.faculty,
      form('huge.pdf', Buffer.alloc(UPLOAD_LIMIT_BYTES + 1024)),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(MESSAGES.fileTooLarge);
    expect(await storedFiles()).toEqual(before);
  });
});

describe('resumable video upload (tus)', () => {
  const tusHeaders = (token: string, extra: Record<string, string> = {}) => ({
    ...bearer(token),
    'tus-resumable': '1.0.0',
    ...extra,
  });
  const metadata = (filename: string) => `filename ${Buffer.from(filename).toString('base64')}`;

  it('is for content authors only', async () => {
    const create = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/uploads/videos', headers });
    expect((await create({ 'tus-resumable': '1.0.0' })).statusCode).toBe(401);
    expect((await create(tusHeaders(school.tokens.student))).statusCode).toBe(403);
  });

  it('refuses a file that is not a video', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/videos',
      headers: tusHeaders(school.tokens.faculty, {
        'upload-length': '10',
        'upload-metadata': metadata('notes.pdf'),
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(MESSAGES.videoOnly);
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

    const whole = await t.app.inject({ url: publicUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(video)).toBe(true);
    const ranged = await t.app.inject({ url: publicUrl, headers: { range: 'bytes=1000-1999' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);
  });
});
