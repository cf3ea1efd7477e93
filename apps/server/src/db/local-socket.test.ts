import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

/** The suite's embedded PostgreSQL is reached as the portal reaches its own: over the Unix socket. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test.runIf(!process.env.TEST_DATABASE_URL)(
  'the portal’s connections to the embedded PostgreSQL use its Unix socket',
  async () => {
    const { rows } = await t.app.deps.pool.query<{ address: string | null }>(
      'select inet_server_addr()::text as address',
    );
    expect(rows[0]!.address).toBeNull();
  },
);
