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

  it('refuses a file name holding a NUL character with 400 and keeps nothing', async () => {
    const before = await storedFiles();
    const response = await upload(school.tokens.faculty, form('notes\u0000.png', 'x'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ file: MESSAGES.unstorableText });
    expect(await storedFiles()).toEqual(before);
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
    const served = await t.app.inject({ url: publicUrl, headers: await t.fileCookie(school.tokens.student) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('never serves an uploaded page or script as such', async () => {
    const response = await upload(school.tokens.student, form('evil.html', '<script>alert(1)</script>'));
    const { publicUrl } = response.json().data;
    expect(publicUrl).toMatch(/\.bin$/);
    const served = await t.app.inject({ url: publicUrl, headers: await t.fileCookie(school.tokens.faculty) });
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('keeps the extension of every question-file format for an import, served as plain text to download', async () => {
    const uploadImport = (name: string, content: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/s3/v2?purpose=import',
        payload: form(name, content),
        headers: bearer(school.tokens.faculty),
      });
    const xml =
      '<?xml version="1.0"?><quiz><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html></quiz>';
    const files: [string, string, RegExp][] = [
      ['Moodle bank.xml', xml, /-Moodle-bank\.xml$/],
      ['bank.gift', '::Q:: 2+2? {=4 ~5}', /-bank\.gift$/],
      ['aiken.txt', 'Q?\nA. 1\nB. 2\nANSWER: A', /-aiken\.txt$/],
      ['questions.csv', 'title,type\n', /-questions\.csv$/],
    ];
    for (const [name, content, stored] of files) {
      const response = await uploadImport(name, content);
      expect(response.statusCode).toBe(201);
      const { publicUrl, filename } = response.json().data;
      expect(filename).toBe(name);
      expect(publicUrl).toMatch(stored);
      const served = await t.app.inject({
        url: publicUrl,
        headers: await t.fileCookie(school.tokens.faculty),
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-disposition']).toMatch(/^attachment/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-type']).toMatch(/^text\/(plain|csv); charset=utf-8$/);
      expect(served.body).toBe(content);
    }
    // Anywhere else an XML file is no known type.
    const content = await upload(school.tokens.faculty, form('bank.xml', xml));
    expect(content.json().data.publicUrl).toMatch(/-bank\.bin$/);
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
