import assert from 'node:assert/strict';
import { DEMO_PASSWORD } from './portal.js';

/** What the login answers; the web app keeps it as the session. */
export interface Account {
  jwt: string;
  /** The student's or faculty member's own id. */
  entity_id: string;
}

export interface ApiInit {
  method?: string;
  body?: unknown;
  /** A multipart body (uploads). */
  form?: FormData;
}

/** A user signed in to the API. Specs make their prerequisite rows and check results this way. */
export interface ApiUser {
  account: Account;
  /** The status and the body, whatever the status. */
  request(path: string, init?: ApiInit): Promise<{ status: number; json: { data?: unknown } }>;
  /** The answer's `data`; fails the test on a status outside 2xx. */
  call<T>(path: string, init?: ApiInit): Promise<T>;
}

/** Signs `username` in through the API (the portal must be running: call it in a test or a hook). */
export async function apiSignIn(
  portal: { baseUrl: string },
  username: string,
  password = DEMO_PASSWORD,
): Promise<ApiUser> {
  const login = await fetch(`${portal.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  assert.ok(login.ok, `login ${username}: ${login.status}`);
  const account = ((await login.json()) as { data: Account }).data;

  const request: ApiUser['request'] = async (path, init = {}) => {
    const hasBody = init.body !== undefined || init.form !== undefined;
    const response = await fetch(`${portal.baseUrl}/api${path}`, {
      method: init.method ?? (hasBody ? 'POST' : 'GET'),
      headers: {
        authorization: `Bearer ${account.jwt}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    return { status: response.status, json: (await response.json()) as { data?: unknown } };
  };
  return {
    account,
    request,
    async call<T>(path: string, init?: ApiInit) {
      const { status, json } = await request(path, init);
      assert.ok(status >= 200 && status < 300, `${path}: ${status} ${JSON.stringify(json)}`);
      return json.data as T;
    },
  };
}
