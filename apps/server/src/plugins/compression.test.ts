import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let webDir: string;
const script = `console.log(${JSON.stringify('the portal '.repeat(400))});`;

beforeAll(async () => {
  // A built app as the web build leaves it: each text file with its .br and .gz beside it.
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Portal</title>');
  const file = path.join(webDir, 'assets', 'app-abc123.js');
  await fs.writeFile(file, script);
  await fs.writeFile(`${file}.br`, brotliCompressSync(script));
  await fs.writeFile(`${file}.gz`, gzipSync(script));
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('what a phone downloads', () => {
  it('gets the built app’s files compressed at build time, cached for a year, and plain on request', async () => {
    const url = '/assets/app-abc123.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('gets API answers over 1 KB compressed when it accepts it, and small ones as they are', async () => {
    const school = await t.createSchool();
    const headers = { ...bearer(school.tokens.moderator), 'accept-encoding': 'br, gzip' };
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(docs.rawPayload).toString());
    expect(document.openapi).toMatch(/^3\./);
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data).toMatchObject({ status: 'ok' });
  });
});
