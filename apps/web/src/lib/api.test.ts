import type { SessionAccount } from '@portal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api';
import { getAccount, sessionStore, signIn, signOut } from './session';

const account: SessionAccount = {
  jwt: 'jwt-abc',
  user_id: '00000000-0000-4000-8000-000000000001',
  username: 'faculty',
  name: 'Asha Rao',
  entity_id: '00000000-0000-4000-8000-000000000002',
  entity_type: 'faculty',
  permission: 'faculty',
  institution_id: '00000000-0000-4000-8000-000000000003',
  institution_title: 'Green Valley School',
  institution_nav_logo: null,
  time_zone: 'Asia/Kolkata',
  language: 'en',
  academic_year: '2024-25',
  must_change_password: false,
};

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('api', () => {
  it('sends JSON with the bearer token and unwraps data', async () => {
    signIn(account);
    const fetchMock = answer(200, { data: { changed: true } });
    await expect(
      api('/auth/change-password', { body: { old_password: 'a', new_password: 'b' } }),
    ).resolves.toEqual({
      changed: true,
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/change-password');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer jwt-abc',
      'Content-Type': 'application/json',
    });
    expect(init?.body).toBe('{"old_password":"a","new_password":"b"}');
  });

  it('sends no token on a public call', async () => {
    signIn(account);
    const fetchMock = answer(200, { data: { sent: true } });
    await api('/auth/forgot-password', { body: { username: 'x' }, auth: false });
    expect(fetchMock.mock.calls[0][1]?.headers).not.toHaveProperty('Authorization');
  });

  it('signs out when the server refuses the token', async () => {
    signIn(account);
    answer(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in again' } });
    await expect(api('/auth/me')).rejects.toMatchObject({ status: 401, message: 'Sign in again' });
    expect(getAccount()).toBeNull();
    expect(sessionStore.getState().endedBy).toBe('expired');
  });

  it('keeps the session on a failed login (401 without a token)', async () => {
    answer(401, { error: { code: 'INVALID_CREDENTIALS', message: 'nope' } });
    await expect(
      api('/auth/login', { body: { username: 'a', password: 'b' }, auth: false }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.getState().endedBy).not.toBe('expired');
  });

  it('marks the account when the server demands a password change', async () => {
    signIn(account);
    answer(403, { error: { code: 'PASSWORD_CHANGE_REQUIRED', message: 'Change it' } });
    await expect(api('/users/me/demo-video')).rejects.toMatchObject({ status: 403 });
    expect(getAccount()?.must_change_password).toBe(true);
  });

  it('turns a network failure into the generic error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api('/config/public', { auth: false })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
    });
  });
});
