import { MESSAGES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubject } from '../../test/factories/subjects.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let other: Awaited<ReturnType<TestApp['createSchool']>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  other = await t.createSchool();
});
afterAll(() => t.close());

describe('POST /api/subjects', () => {
  const call = {
    method: 'POST' as const,
    url: '/api/subjects',
    payload: { title: 'Physics', code: 'PHY' },
  };

  it('is for moderators only', async () => {
    await expectGuarded(t, school, call, ['moderator']);
  });

  it('creates a subject with the default logo', async () => {
    const response = await t.app.inject({ ...call, headers: bearer(school.tokens.moderator) });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.subject).toEqual({
      _id: expect.any(String),
      title: 'Physics',
      description: '',
      code: 'PHY',
      subject_logo: 'others',
      subject_logo_url: null,
    });
  });

  it('keeps the chosen logo, description and logo image', async () => {
    const response = await t.app.inject({
      ...call,
      payload: {
        title: ' Chemistry ',
        code: 'CHE',
        description: 'Matter',
        subject_logo: 'chemistry',
        subject_logo_url: '/files/logo.png',
      },
      headers: bearer(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.subject).toMatchObject({
      title: 'Chemistry',
      description: 'Matter',
      subject_logo: 'chemistry',
      subject_logo_url: '/files/logo.png',
    });
  });

  it.each([
    [{ code: 'PHY' }, 'title', MESSAGES.fillTheForm],
    [{ title: '  ', code: 'PHY' }, 'title', MESSAGES.fillTheForm],
    [{ title: 'Physics' }, 'code', MESSAGES.fillTheForm],
    [{ title: 'Physics', code: '' }, 'code', MESSAGES.fillTheForm],
    [{ title: 'Physics', code: 'PHY', subject_logo: 'astrology' }, 'subject_logo', expect.any(String)],
    [{ title: 'x'.repeat(151), code: 'PHY' }, 'title', 'At most 150 characters.'],
  ])('refuses %j with a message on %s', async (payload, field, message) => {
    const response = await t.app.inject({ ...call, payload, headers: bearer(school.tokens.moderator) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toEqual(message);
  });
});

describe('a subject’s logo image link', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:image/png;base64,AAAA',
    '/api/users',
    '/files/../api',
    'ftp://x.test/a.png',
    'https://',
    'logo.png',
  ])('refuses %j with 400, creating nothing', async (link) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/subjects',
      payload: { title: 'Refused', code: 'REF', subject_logo_url: link },
      headers: bearer(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.subject_logo_url).toBe(MESSAGES.logoLinkInvalid);
    const list = await t.app.inject({ url: '/api/subjects', headers: bearer(school.tokens.moderator) });
    expect(JSON.stringify(list.json())).not.toContain('Refused');
  });

  it.each([
    'https://cdn.example.test/physics.png',
    'http://school.test/a.png?v=2',
    '/files/inst/logo.png',
    '',
  ])('accepts %j', async (link) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/subjects',
      payload: { title: 'Physics', code: 'PHY', subject_logo_url: link },
      headers: bearer(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.subject.subject_logo_url).toBe(link || null);
  });
});

describe('GET /api/subjects', () => {
  it('is for moderators and faculty', async () => {
    await expectGuarded(t, school, { method: 'GET', url: '/api/subjects' }, ['moderator', 'faculty']);
  });

  it('answers the institution’s subjects with the given ids, never another institution’s', async () => {
    const maths = await createSubject(t, school.institution.id, { title: 'Maths' });
    const english = await createSubject(t, school.institution.id, { title: 'English' });
    const deleted = await createSubject(t, school.institution.id, { deletedAt: new Date() });
    const theirs = await createSubject(t, other.institution.id);
    const ids = [maths.id, english.id, deleted.id, theirs.id].join(',');
    const response = await t.app.inject({
      url: `/api/subjects?ids=${ids}`,
      headers: bearer(school.tokens.faculty),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.subjects.map((s: { title: string }) => s.title)).toEqual([
      'English',
      'Maths',
    ]);

    const all = await t.app.inject({ url: '/api/subjects', headers: bearer(other.tokens.moderator) });
    expect(all.json().data.subjects.map((s: { _id: string }) => s._id)).toEqual([theirs.id]);
  });

  it('answers 400 for a malformed id', async () => {
    const response = await t.app.inject({
      url: '/api/subjects?ids=nope',
      headers: bearer(school.tokens.moderator),
    });
    expect(response.statusCode).toBe(400);
  });
});
