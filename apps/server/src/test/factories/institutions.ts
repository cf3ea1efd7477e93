import type { TestApp } from '../harness.js';
import { bearer } from '../harness.js';

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

/** Uploads a file through POST /api/s3/v2 as `token` (as the owner's popups do), answering its URL. */
export async function uploadAs(t: TestApp, token: string, filename: string, content: string | Buffer = 'x') {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/s3/v2',
    payload: form,
    headers: bearer(token),
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json().data.publicUrl as string;
}
