import { FILE_NAME_MAX_LENGTH, MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { createDecoder, createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads, users } from '../../db/schema/index.js';
import { createOwner, institutionBody } from '../../test/factories/institutions.js';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';
import { forgetAccount } from '../auth/account-cache.js';
import { FILE_SESSION_COOKIE, FILE_SESSION_SECONDS, fileSessionKey } from './file-session.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let other: Awaited<ReturnType<TestApp['createSchool']>>;
beforeAll(async () => {
  t = await createTestApp();
  [school, other] = [await t.createSchool(), await t.createSchool()];
});
afterAll(() => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const STUDENT_CSV = 'name,date_of_birth,mobile\nAsha Rao,04/05/2011,9876543210\n';

async function upload(token: string, filename: string, content: string | Buffer, purpose?: string) {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename);
  return t.app.inject({
    method: 'POST',
    url: purpose ? `/api/s3/v2?purpose=${purpose}` : '/api/s3/v2',
    payload: form,
    headers: bearer(token),
  });
}

async function stored(token: string, filename: string, content: string | Buffer, purpose?: string) {
  const response = await upload(token, filename, content, purpose);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { publicUrl: string; filename: string };
}

const fetchFile = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

async function fetchAs(token: string, url: string, headers: Record<string, string> = {}) {
  return fetchFile(url, { ...(await t.fileCookie(token)), ...headers });
}

describe('GET /files/<key>', () => {
  it('refuses anyone without the signed-in cookie, even with the link', async () => {
    const { publicUrl } = await stored(school.tokens.faculty, 'cell.png', PNG);
    const anonymous = await fetchFile(publicUrl);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe(MESSAGES.sessionExpired);
    expect(anonymous.body).not.toContain('PNG');
    expect((await fetchFile(publicUrl, { cookie: `${FILE_SESSION_COOKIE}=forged` })).statusCode).toBe(401);
    // The bearer token itself is no file credential (another key signs those).
    const token = school.tokens.student;
    expect((await fetchFile(publicUrl, { cookie: `${FILE_SESSION_COOKIE}=${token}` })).statusCode).toBe(401);
    // Unknown keys are refused the same way without the cookie: nothing tells which exist.
    expect((await fetchFile(`/files/${school.institution.id}/nope.png`)).statusCode).toBe(401);
  });

  it('serves content to every signed-in user of its institution, privately cached, with ranges', async () => {
    const video = Buffer.alloc(4096, 7);
    const { publicUrl } = await stored(school.tokens.faculty, 'lesson.mp4', video);
    for (const token of [school.tokens.student, school.tokens.faculty, school.tokens.moderator]) {
      const served = await fetchAs(token, publicUrl);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(video)).toBe(true);
    }
    const served = await fetchAs(school.tokens.student, publicUrl);
    expect(served.headers['cache-control']).toBe('private, max-age=300');
    expect(served.headers['cache-control']).not.toMatch(/public|immutable/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBeUndefined();
    const ranged = await fetchAs(school.tokens.student, publicUrl, { range: 'bytes=100-199' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(video.subarray(100, 200))).toBe(true);
  });

  it("answers 404 for another institution's file, as for an unknown one", async () => {
    const { publicUrl } = await stored(school.tokens.faculty, 'cell.png', PNG);
    for (const token of Object.values(other.tokens)) {
      const refused = await fetchAs(token, publicUrl);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('NOT_FOUND');
    }
    const owner = await createOwner(t);
    expect((await fetchAs(owner.token, publicUrl)).statusCode).toBe(404);
    const unknown = await fetchAs(school.tokens.student, `/files/${school.institution.id}/00-missing.png`);
    expect(unknown.statusCode).toBe(404);
    expect((await fetchAs(school.tokens.student, '/files/../secrets.json')).statusCode).toBe(404);
    expect((await fetchAs(school.tokens.student, '/files/.tus/anything')).statusCode).toBe(404);
  });

  it("keeps an import file to its uploader and the institution's moderators, never cached", async () => {
    const { publicUrl } = await stored(school.tokens.moderator, 'students.csv', STUDENT_CSV, 'import');
    expect(publicUrl).toMatch(new RegExp(`^/files/${school.institution.id}/imports/`));
    const uploader = await fetchAs(school.tokens.moderator, publicUrl);
    expect(uploader.statusCode).toBe(200);
    expect(uploader.body).toBe(STUDENT_CSV);
    expect(uploader.headers['cache-control']).toBe('private, no-store');
    expect(uploader.headers['content-disposition']).toMatch(/^attachment/);

    const colleague = await t.createAccount('moderator', { institutionId: school.institution.id });
    expect((await fetchAs(await t.login(colleague.username), publicUrl)).statusCode).toBe(200);
    for (const token of [school.tokens.student, school.tokens.faculty, other.tokens.moderator]) {
      const refused = await fetchAs(token, publicUrl);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('Asha');
    }
  });

  it('keeps an answer sheet to its uploader and the moderators (its evaluators: exams/evaluation.test.ts)', async () => {
    const { publicUrl } = await stored(
      school.tokens.student,
      'answers.pdf',
      '%PDF-1.4 answers',
      'answer_sheet',
    );
    expect((await fetchAs(school.tokens.student, publicUrl)).statusCode).toBe(200);
    expect((await fetchAs(school.tokens.moderator, publicUrl)).statusCode).toBe(200);
    const classmate = await t.createAccount('student', {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    expect((await fetchAs(await t.login(classmate.username), publicUrl)).statusCode).toBe(404);
    expect((await fetchAs(school.tokens.faculty, publicUrl)).statusCode).toBe(404);
  });

  it('refuses an unknown purpose before storing anything', async () => {
    const response = await upload(school.tokens.moderator, 'students.csv', STUDENT_CSV, 'public');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('purpose');
  });

  it("gives an owner's uploaded logo to the institution created with it", async () => {
    const owner = await createOwner(t);
    const { publicUrl } = await stored(owner.token, 'riverside.png', PNG);
    expect((await fetchAs(owner.token, publicUrl)).statusCode).toBe(200);
    expect((await fetchAs(school.tokens.student, publicUrl)).statusCode).toBe(404);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/institutions',
      payload: institutionBody(t, { nav_logo: publicUrl }),
      headers: bearer(owner.token),
    });
    expect(created.statusCode).toBe(201);
    const institutionId = created.json().data.institution._id as string;
    const moderator = await t.createAccount('moderator', { institutionId });
    expect((await fetchAs(await t.login(moderator.username), publicUrl)).statusCode).toBe(200);
    expect((await fetchAs(owner.token, publicUrl)).statusCode).toBe(200);
    const anotherOwner = await createOwner(t);
    expect((await fetchAs(anotherOwner.token, publicUrl)).statusCode).toBe(200);
    expect((await fetchAs(school.tokens.student, publicUrl)).statusCode).toBe(404);
  });
});

describe('the file cookie', () => {
  it('is set at sign-in: HttpOnly, SameSite=Lax, only for /files/, Secure over HTTPS', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: school.accounts.student.username, password: TEST_PASSWORD },
    });
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${FILE_SESSION_COOKIE}=[^;]+;`));
    expect(cookie).toContain('Path=/files/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain(`Max-Age=${FILE_SESSION_SECONDS}`);
    expect(cookie).not.toContain('Secure');
    const { publicUrl } = await stored(school.tokens.faculty, 'cell.png', PNG);
    expect((await fetchFile(publicUrl, { cookie: cookie.split(';')[0]! })).statusCode).toBe(200);

    // A forwarded proto counts only from a proxy TRUST_PROXY names.
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/files/session',
      headers: { ...bearer(school.tokens.student), 'x-forwarded-proto': 'https' },
    });
    expect(String(spoofed.headers['set-cookie'])).not.toContain('Secure');
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const proxiedSchool = await proxied.createSchool();
      const overHttps = await proxied.app.inject({
        method: 'POST',
        url: '/api/files/session',
        headers: { ...bearer(proxiedSchool.tokens.student), 'x-forwarded-proto': 'https' },
      });
      expect(String(overHttps.headers['set-cookie'])).toContain('Secure');
    } finally {
      await proxied.close();
    }
  });

  it('is not given while a generated password must be changed', async () => {
    const pending = await t.createAccount('student', {
      institutionId: school.institution.id,
      batchId: school.batch.id,
      mustChangePassword: true,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: pending.username, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['set-cookie']).toBeUndefined();
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/files/session',
      headers: bearer(login.json().data.jwt),
    });
    expect(session.statusCode).toBe(403);
  });

  it('expires after two hours unless renewed', async () => {
    const { publicUrl } = await stored(school.tokens.faculty, 'cell.png', PNG);
    const cookie = await t.fileCookie(school.tokens.student);
    t.clock.advance(FILE_SESSION_SECONDS * 1000 - 1000);
    expect((await fetchFile(publicUrl, cookie)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await fetchFile(publicUrl, cookie)).statusCode).toBe(401);
    expect((await fetchFile(publicUrl, await t.fileCookie(school.tokens.student))).statusCode).toBe(200);
  });

  it('is revoked with the account: password change, archive', async () => {
    const { publicUrl } = await stored(school.tokens.faculty, 'cell.png', PNG);
    const student = await t.createAccount('student', {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    const token = await t.login(student.username);
    const cookie = await t.fileCookie(token);
    expect((await fetchFile(publicUrl, cookie)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { old_password: TEST_PASSWORD, new_password: 'Another@12345' },
      headers: bearer(token),
    });
    expect(changed.statusCode).toBe(200);
    expect((await fetchFile(publicUrl, cookie)).statusCode).toBe(401);

    const fresh = await t.fileCookie(await t.login(student.username, 'Another@12345'));
    expect((await fetchFile(publicUrl, fresh)).statusCode).toBe(200);
    await t.db.update(users).set({ archivedAt: t.clock.now() }).where(eq(users.id, student.user.id));
    forgetAccount(t.db, student.user.id);
    expect((await fetchFile(publicUrl, fresh)).statusCode).toBe(401);
  });

  it('is revoked on the server at sign-out, with every renewal and the token of that sign-in', async () => {
    const { publicUrl } = await stored(school.tokens.faculty, 'cell.png', PNG);
    const student = await t.createAccount('student', {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    const [token, elsewhere] = [await t.login(student.username), await t.login(student.username)];
    const cookies = [await t.fileCookie(token), await t.fileCookie(token)];
    for (const cookie of cookies) expect((await fetchFile(publicUrl, cookie)).statusCode).toBe(200);

    const signOut = await t.app.inject({
      method: 'DELETE',
      url: '/api/files/session',
      headers: bearer(token),
    });
    expect(signOut.statusCode).toBe(200);
    expect(String(signOut.headers['set-cookie'])).toMatch(new RegExp(`^${FILE_SESSION_COOKIE}=;`));
    for (const cookie of cookies) expect((await fetchFile(publicUrl, cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    const renew = await t.app.inject({ method: 'POST', url: '/api/files/session', headers: bearer(token) });
    expect(renew.statusCode).toBe(401);
    // The account's other sign-in (another device) goes on.
    expect((await fetchFile(publicUrl, await t.fileCookie(elsewhere))).statusCode).toBe(200);
  });

  it('refuses a credential without an expiry or issue time, or issued in the future', async () => {
    const { publicUrl } = await stored(school.tokens.faculty, 'cell.png', PNG);
    const { cookie } = await t.fileCookie(school.tokens.student);
    const value = cookie.slice(`${FILE_SESSION_COOKIE}=`.length);
    const claims = createDecoder()(value) as Record<string, number | string>;
    // Claims exactly as given (`noTimestamp` keeps the signer from adding an issue time where none is).
    const sign = (payload: object) =>
      createSigner({ key: fileSessionKey(t.app.deps.jwtSecret), noTimestamp: !('iat' in payload) })(payload);
    const open = (credential: object) =>
      fetchFile(publicUrl, { cookie: `${FILE_SESSION_COOKIE}=${sign(credential)}` });
    // The same claims signed again open the file: only what is changed below is refused.
    expect((await open(claims)).statusCode).toBe(200);
    const { exp, iat, ...timeless } = claims;
    expect((await open({ ...timeless, iat })).statusCode).toBe(401);
    expect((await open({ ...timeless, exp })).statusCode).toBe(401);
    const later = Math.floor(t.clock.now().getTime() / 1000) + 3600;
    expect((await open({ ...timeless, iat: later, exp: later + 60 })).statusCode).toBe(401);
  });

  it('is removed at sign-out', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/files/session' });
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${FILE_SESSION_COOKIE}=;`));
    expect(cookie).toContain('Max-Age=0');
    expect(cookie).toContain('Path=/files/');
  });

  it('needs a token to be issued', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/files/session' })).statusCode).toBe(401);
  });
});

describe('POST /api/s3/v2 names and sizes', () => {
  it('refuses an empty file with 400 and keeps nothing of it', async () => {
    const before = await t.db.select({ id: uploads.id }).from(uploads);
    const response = await upload(school.tokens.faculty, 'empty.pdf', '');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.fileEmpty);
    expect(await t.db.select({ id: uploads.id }).from(uploads)).toHaveLength(before.length);
  });

  it('shortens a very long name, keeping its extension, in the key and in the answer', async () => {
    const long = `${'Chapter 4 worked examples '.repeat(12)}final.pdf`;
    expect(long.length).toBeGreaterThan(300);
    const { publicUrl, filename } = await stored(school.tokens.faculty, long, '%PDF-1.4 notes');
    expect(filename.length).toBe(FILE_NAME_MAX_LENGTH);
    expect(filename.endsWith('.pdf')).toBe(true);
    expect(long.startsWith(filename.slice(0, -4))).toBe(true);
    expect(publicUrl.length).toBeLessThan(200);
    expect(publicUrl).toMatch(/\.pdf$/);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.publicUrl, publicUrl));
    expect(row!.filename).toBe(filename);
    expect((await fetchAs(school.tokens.student, publicUrl)).statusCode).toBe(200);
  });
});
