import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.js';
import { SIGNED_URL_SECONDS } from '../../lib/storage.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

// With S3 the portal never streams the file: it checks who asks, then redirects to a signed link.
// Signing needs no network, so no bucket is involved here.
let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      S3_ENDPOINT: 'https://s3.school.test',
      S3_BUCKET: 'portal-files',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    },
  });
  school = await t.createSchool();
});
afterAll(() => t.close());

async function recordFile(key: string, kind: 'content' | 'import' = 'content') {
  await t.db.insert(uploads).values({
    institutionId: school.institution.id,
    uploadedBy: school.accounts.moderator.user.id,
    storageKey: key,
    publicUrl: `/files/${key}`,
    filename: key.split('/').pop()!,
    contentType: 'application/octet-stream',
    size: 10,
    kind,
  });
  return `/files/${key}`;
}

describe('GET /files/<key> with S3 storage', () => {
  it('redirects an allowed reader to a short signed link of the object', async () => {
    const url = await recordFile(`${school.institution.id}/abc123-cell.png`);
    const served = await t.app.inject({ url, headers: await t.fileCookie(school.tokens.student) });
    expect(served.statusCode).toBe(302);
    expect(served.headers['cache-control']).toBe('private, max-age=300');
    const location = new URL(served.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(
      `https://s3.school.test/portal-files/${school.institution.id}/abc123-cell.png`,
    );
    expect(location.searchParams.get('X-Amz-Expires')).toBe(String(SIGNED_URL_SECONDS));
    expect(location.searchParams.get('X-Amz-Date')).toBe('20261120T090000Z');
    expect(location.searchParams.has('response-content-disposition')).toBe(false);
  });

  it('refuses the same as local storage: no cookie 401, a private file 404, another institution 404', async () => {
    const url = await recordFile(`${school.institution.id}/imports/abc123-students.csv`, 'import');
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: await t.fileCookie(school.tokens.student) })).statusCode).toBe(
      404,
    );
    const other = await t.createSchool();
    expect(
      (await t.app.inject({ url, headers: await t.fileCookie(other.tokens.moderator) })).statusCode,
    ).toBe(404);
    const allowed = await t.app.inject({ url, headers: await t.fileCookie(school.tokens.moderator) });
    expect(allowed.statusCode).toBe(302);
    expect(allowed.headers['cache-control']).toBe('private, no-store');
    expect(
      new URL(allowed.headers.location as string).searchParams.get('response-content-disposition'),
    ).toMatch(/^attachment/);
  });
});
