import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase } from '../db/client.js';
import { untilAlone } from '../test/alone.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { busOf, CHANGES_CHANNEL, createInstanceBus } from './instance-bus.js';
import { forgetInstitutionReads } from './read-cache.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
});
afterAll(() => t.close());

/** The change notifications a drop of the school's reads sends, once they have gone out. */
async function dropStatements(): Promise<number> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    forgetInstitutionReads(t.db, school.institution.id);
    await busOf(t.db)!.sent();
    return spy.mock.calls.filter((call) => JSON.stringify(call).includes(CHANGES_CHANNEL)).length;
  } finally {
    spy.mockRestore();
  }
}

describe('the instance bus', () => {
  it('sends changes while joining, none once it hears no other instance, and again when one says hello', async () => {
    const bus = busOf(t.db)!;
    await bus.listening();
    // Joining: others may not know this instance yet, so its changes go out.
    if (!bus.alone) expect(await dropStatements()).toBe(1);
    await untilAlone(t);
    expect(await dropStatements()).toBe(0);

    // A second instance joins: it says hello, this one answers, and changes go out again.
    const url = (t.app.deps.pool.options as { connectionString: string }).connectionString;
    const second = connectDatabase(url, 2);
    const other = createInstanceBus(second.db, second.pool);
    try {
      await other.start();
      const heard = Date.now();
      while (bus.alone && Date.now() - heard < 2000) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(bus.alone).toBe(false);
      expect(await dropStatements()).toBe(1);
    } finally {
      await other.stop();
      await second.close();
    }
  });
});
