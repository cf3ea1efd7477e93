import { ENGLISH_MESSAGES } from '@portal/shared';
import bn from '@portal/shared/locales/bn';
import hi from '@portal/shared/locales/hi';
import ta from '@portal/shared/locales/ta';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions, users } from '../../db/schema/index.js';
import { languageScopeCounts } from '../../lib/language.js';
import { createOwner, institutionBody } from '../../test/factories/institutions.js';
import { goodCsvRows, studentBody, studentCsv, uploadFile } from '../../test/factories/students.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { otpFrom } from '../../test/smtp-capture.js';

// Decision 40: the API answers in the caller's language (the account's once signed in, the
// page's Accept-Language before), with its codes and field names unchanged.

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
});
afterAll(() => t.close());

const languageOf = async (userId: string) =>
  (await t.db.select({ language: users.language }).from(users).where(eq(users.id, userId)))[0]?.language;

const setLanguage = (token: string, language: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/me/language',
    payload: { language },
    headers: bearer(token),
  });

describe('before sign-in', () => {
  it('answers in the first language of Accept-Language the portal speaks, English otherwise', async () => {
    const login = (acceptLanguage?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'nobody-here', password: 'Wrong-password-1' },
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      });
    const hindi = await login('hi-IN,hi;q=0.9,en;q=0.8');
    expect(hindi.statusCode).toBe(401);
    expect(hindi.json().error).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: hi.messages.loginFailed,
    });
    expect((await login('fr-FR, ta;q=0.5')).json().error.message).toBe(ta.messages.loginFailed);
    expect((await login('de')).json().error.message).toBe(ENGLISH_MESSAGES.loginFailed);
    expect((await login()).json().error.message).toBe(ENGLISH_MESSAGES.loginFailed);
  });

  it('translates the shared schemas’ messages, keeping codes and field names', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: '', password: '' },
      headers: { 'accept-language': 'bn' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys(error.fields).sort()).toEqual(['password', 'username']);
    expect(error.fields.username).toBe(bn.messages.enterUsername);
    expect(error.message).toBe(Object.values(error.fields)[0]);
  });
});

describe('PATCH /api/users/me/language', () => {
  it('keeps the language on the account: every later answer, and every device, follows it', async () => {
    const student = await t.createAccount('student', {
      institutionId: school.institution.id,
      batchId: school.batch.id,
    });
    const token = await t.login(student.username);
    const changed = await setLanguage(token, 'hi');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toEqual({ language: 'hi' });

    // The same token, and a new sign-in elsewhere (an English browser), both read Hindi.
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().data.language).toBe('hi');
    const elsewhere = await t.login(student.username);
    const missing = await t.app.inject({
      url: '/api/institutions',
      headers: { ...bearer(elsewhere), 'accept-language': 'en-GB' },
    });
    // The code stays the API's; the message is Hindi.
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('FORBIDDEN');
    expect(missing.json().error.message).toMatch(/[\u0900-\u097F]/);
  });

  it('refuses a language the portal does not speak with a 400 in the caller’s language', async () => {
    const faculty = await t.createAccount('faculty', { institutionId: school.institution.id });
    const token = await t.login(faculty.username);
    await setLanguage(token, 'ta');
    const refused = await setLanguage(token, 'fr');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.language).toBe(ta.messages.languageUnknown);
    expect((await setLanguage(token, 'en')).json().data.language).toBe('en');
  });

  it('needs a token', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/language',
      payload: { language: 'hi' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the institution’s language for new accounts', () => {
  it('gives new accounts the institution’s default; existing ones keep theirs', async () => {
    const tamilSchool = await t.createSchool();
    const earlier = await t.createAccount('student', {
      institutionId: tamilSchool.institution.id,
      batchId: tamilSchool.batch.id,
    });
    await t.db
      .update(institutions)
      .set({ defaultLanguage: 'ta' })
      .where(eq(institutions.id, tamilSchool.institution.id));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/students',
      payload: { ...studentBody(t), batch_id: tamilSchool.batch.id },
      headers: bearer(tamilSchool.tokens.moderator),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await languageOf(created.json().data.student.user_id)).toBe('ta');
    expect(await languageOf(earlier.user.id)).toBe('en');
  });

  it('an institution added with a language gives it to its moderators and to students imported in bulk', async () => {
    const owner = await createOwner(t);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/institutions',
      payload: institutionBody(t, { default_language: 'bn' }),
      headers: bearer(owner.token),
    });
    expect(added.statusCode, added.body).toBe(201);
    const institutionId = added.json().data.institution._id as string;
    const moderator = await t.app.inject({
      method: 'POST',
      url: '/api/cwx/users',
      payload: { username: t.unique('head'), password: 'Strong@123', institution_id: institutionId },
      headers: bearer(owner.token),
    });
    expect(moderator.statusCode, moderator.body).toBe(201);
    expect(await languageOf(moderator.json().data.user._id)).toBe('bn');

    const batch = await t.createBatch(institutionId);
    const staff = await t.createAccount('moderator', { institutionId });
    const token = await t.login(staff.username);
    const prefix = t.unique('bn');
    const contentUrl = await uploadFile(t, token, 'students.csv', studentCsv(goodCsvRows(2, prefix)));
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/batches/${batch.id}/students/csv`,
      payload: { content_url: contentUrl },
      headers: bearer(token),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const usernames = (imported.json().data.credentials as { username: string }[]).map((row) => row.username);
    const languages = await t.db
      .select({ language: users.language })
      .from(users)
      .where(inArray(users.username, usernames));
    expect(languages).toEqual([{ language: 'bn' }, { language: 'bn' }]);
  });
});

describe('the OTP e-mail', () => {
  it('is written in the account’s language, whatever the page asking for it', async () => {
    const institution = await t.createInstitution();
    const account = await t.createAccount('student', { institutionId: institution.id });
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, account.user.id));
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { username: account.username },
      headers: { 'accept-language': 'en' },
    });
    expect(asked.statusCode).toBe(200);
    const mail = t.smtp.lastTo(account.email!);
    expect(mail?.subject).toBe(hi.messages.otpEmailSubject);
    const otp = otpFrom(mail);
    expect(mail?.text).toContain(`नमस्ते ${account.username}`);
    expect(mail?.text).toContain(`OTP ${otp} है`);
    expect(mail?.text).toContain('10 मिनट');
  });
});

describe('the language scope', () => {
  it('is opened by routes that write texts into their answer, closed once answered; other reads open none', async () => {
    const reader = await t.createAccount('moderator', { institutionId: school.institution.id });
    const moderator = await t.login(reader.username);
    expect((await setLanguage(moderator, 'hi')).statusCode).toBe(200);
    const before = languageScopeCounts();
    const reads = await Promise.all(
      ['/api/auth/me', '/api/users/me/notifications', '/api/batches'].map((url) =>
        t.app.inject({ url, headers: bearer(moderator) }),
      ),
    );
    expect(reads.map((read) => read.statusCode)).toEqual([200, 200, 200]);
    // An error of such a read is still the caller's language.
    const refused = await t.app.inject({
      url: '/api/institutions',
      headers: bearer(moderator),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(hi.messages.forbidden);
    expect(languageScopeCounts()).toEqual(before);

    const list = await t.app.inject({
      url: `/api/batches/${school.batch.id}/students/pdf`,
      headers: bearer(moderator),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['content-type']).toBe('application/pdf');
    expect(languageScopeCounts()).toEqual({ open: 0, opened: before.opened + 1 });
  });
});
