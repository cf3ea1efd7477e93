import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/client.js';
import { untilAlone } from '../test/alone.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { countQueries } from '../test/query-count.js';
import { busOf, createInstanceBus } from './instance-bus.js';
import { forgetInstitutionReads } from './read-cache.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;

beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
});
afterAll(() => t.close());

/** The statements a drop of the school's reads sends, once it has gone out. */
const dropStatements = () =>
  countQueries(async () => {
    forgetInstitutionReads(t.db, school.institution.id);
    await busOf(t.db)!.sent();
  });

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
