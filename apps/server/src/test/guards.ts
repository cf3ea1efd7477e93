import type { Role } from '@portal/shared';
import { expect } from 'vitest';
import { bearer, type TestApp } from './harness.js';

type School = Awaited<ReturnType<TestApp['createSchool']>>;

interface RouteCall {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
}

/**
 * Asserts the route refuses a missing token (401) and every role outside `allowed` (403).
 * The owner has no institution and is refused as well unless allowed.
 */
export async function expectGuarded(t: TestApp, school: School, call: RouteCall, allowed: readonly Role[]) {
  const request = (headers: Record<string, string>) =>
    t.app.inject({ method: call.method, url: call.url, payload: call.payload as object, headers });

  const anonymous = await request({});
  expect(anonymous.statusCode, `${call.method} ${call.url} without a token`).toBe(401);

  const owner = await t.createAccount('owner');
  const tokens: Record<Role, string> = { ...school.tokens, owner: await t.login(owner.username) };
  for (const role of ['owner', 'moderator', 'faculty', 'student'] as const) {
    if (allowed.includes(role)) continue;
    const response = await request(bearer(tokens[role]));
    expect(response.statusCode, `${call.method} ${call.url} as ${role}`).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  }
}
