import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FILE_NAME_MAX_LENGTH } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.js';
import { createStorage, SIGNED_URL_SECONDS, shortenFilename, storageKeyFor } from './storage.js';

const s3 = () =>
  createStorage(
    readConfig({
      NODE_ENV: 'test',
      S3_ENDPOINT: 'https://s3.school.test',
      S3_REGION: 'ap-south-1',
      S3_BUCKET: 'portal-files',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    }),
  );

describe('shortenFilename', () => {
  it('keeps short names and cuts long ones to the limit, keeping the extension', () => {
    expect(shortenFilename('Diagram of Cell.png')).toBe('Diagram of Cell.png');
    const long = `${'a'.repeat(300)}.docx`;
    const short = shortenFilename(long);
    expect(short).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(short).toBe(`${'a'.repeat(FILE_NAME_MAX_LENGTH - 5)}.docx`);
    expect(shortenFilename('x'.repeat(150))).toBe('x'.repeat(FILE_NAME_MAX_LENGTH));
  });

  it('never splits a character made of two code units', () => {
    const short = shortenFilename(`${'📘'.repeat(120)}.pdf`);
    expect(Array.from(short)).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(short.endsWith('📘.pdf')).toBe(true);
  });
});

describe('S3 storage', () => {
  it("answers the portal's own /files/ URLs and still knows the bucket's links", () => {
    const storage = s3();
    expect(storage.publicUrl('inst/abc-cell.png')).toBe('/files/inst/abc-cell.png');
    expect(storage.keyOf('/files/inst/abc-cell.png')).toBe('inst/abc-cell.png');
    expect(storage.keyOf('https://s3.school.test/portal-files/inst/abc-cell.png')).toBe('inst/abc-cell.png');
    expect(storage.keyOf('https://elsewhere.test/inst/abc-cell.png')).toBeNull();
    expect(storage.keyOf('/files/inst/%E0%A4%A')).toBeNull();
    expect(storage.keyOf('/files/../etc/passwd')).toBeNull();
  });

  it('signs a short link to read one object, as a download for anything but media', async () => {
    const storage = s3();
    const at = new Date('2026-11-20T09:00:00Z');
    const { key } = storageKeyFor('inst/imports', 'students.csv');
    const url = new URL(await storage.signedReadUrl!(key, { attachment: true, at }));
    expect(`${url.origin}${url.pathname}`).toBe(`https://s3.school.test/portal-files/${key}`);
    const query = url.searchParams;
    expect(query.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(query.get('X-Amz-Credential')).toBe('AKIDEXAMPLE/20261120/ap-south-1/s3/aws4_request');
    expect(query.get('X-Amz-Date')).toBe('20261120T090000Z');
    expect(query.get('X-Amz-Expires')).toBe(String(SIGNED_URL_SECONDS));
    expect(query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(query.get('response-content-disposition')).toMatch(/^attachment; filename=".+students\.csv"$/);
    expect(query.get('response-cache-control')).toBe(`private, max-age=${SIGNED_URL_SECONDS}`);

    const image = new URL(await storage.signedReadUrl!('inst/abc-cell.png', { attachment: false, at }));
    expect(image.searchParams.has('response-content-disposition')).toBe(false);
  });
});

describe('local storage', () => {
  it('saves into a new folder, an existing one, and one removed meanwhile; a stream as well as bytes', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-storage-'));
    try {
      const storage = createStorage(readConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
      await storage.save('school/answer-sheets/a.pdf', Buffer.from('first'), 'application/pdf');
      await storage.save(
        'school/answer-sheets/b.pdf',
        Readable.from([Buffer.from('sec'), Buffer.from('ond')]),
        'application/pdf',
      );
      expect((await storage.read('school/answer-sheets/a.pdf')).toString()).toBe('first');
      expect((await storage.read('school/answer-sheets/b.pdf')).toString()).toBe('second');
      await fs.rm(path.join(dataDir, 'uploads', 'school'), { recursive: true });
      await storage.save('school/answer-sheets/c.pdf', Buffer.from('third'), 'application/pdf');
      expect((await storage.read('school/answer-sheets/c.pdf')).toString()).toBe('third');
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
