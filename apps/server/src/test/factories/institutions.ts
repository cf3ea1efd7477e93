import type { TestApp } from '../harness.js';

/** A signed-in owner: owners belong to no institution. */
export async function createOwner(t: TestApp) {
  const account = await t.createAccount('owner');
  return { ...account, token: await t.login(account.username) };
}

/** A valid body for POST /api/institutions. */
export function institutionBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  return {
    title: t.unique('Riverside School '),
    nav_logo: '/files/logos/riverside.png',
    academic_year: '2026-27',
    ...overrides,
  };
}
