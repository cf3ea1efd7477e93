import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import type { EventNotice, InstanceBus } from '../../lib/instance-bus.js';
import { pause } from '../../test/event-stream.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createEventHub } from './event-hub.js';
import type { Listener } from './events.policy.js';
import { everyone, publishEvent } from './publish.js';

let t: TestApp;
let institutionId: string;
beforeAll(async () => {
  t = await createTestApp();
  institutionId = (await t.createSchool()).institution.id;
});
afterAll(() => t.close());

/** The app's database, whose statements wait while `hold()` is in force (a busy pool or server). */
function slowDatabase(db: Database) {
  let held: Promise<void> | null = null;
  let release = () => {};
  const slow = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return async (...args: Parameters<Database['execute']>) => {
        await held;
        return target.execute(...args);
      };
    },
  });
  return {
    db: slow,
    hold() {
      held = new Promise((resolve) => {
        release = resolve;
      });
    },
    release() {
      held = null;
      release();
    },
  };
}

/** A bus whose notices the test sends itself. */
function handBus() {
  const listeners: ((notice: EventNotice) => void)[] = [];
  const bus = {
    onEvent: (listener) => listeners.push(listener),
    onReconnect: () => {},
  } as Partial<InstanceBus>;
  return {
    bus: bus as InstanceBus,
    notify: (notice: EventNotice) => {
      for (const listener of listeners) listener(notice);
    },
  };
}

/** What a stream was sent, on a stand-in for the HTTP response. */
function fakeResponse({ destroyed = false } = {}) {
  const written: string[] = [];
  const raw = {
    destroyed,
    writableLength: 0,
    write: (text: string) => written.push(text) > 0,
    end: () => {},
    on: () => raw,
  };
  return { raw: raw as unknown as ServerResponse, written };
}

const student = (): Listener => ({
  userId: 'u1',
  entityId: 's1',
  role: 'student',
  institutionId,
  batchIds: new Set(),
  batchSubjectIds: new Set(),
});

async function publishNow(): Promise<number> {
  await publishEvent(t.app.deps, t.db, {
    institutionId,
    kind: 'session.created',
    audience: everyone(),
    refs: {},
  });
  const result = await t.db.execute<{ id: number }>(sql`select max(id)::float8 as id from events`);
  return result.rows[0]!.id;
}

async function until(check: () => boolean, ms = 1000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await pause(10);
}

describe('the event hub', () => {
  it('sends an event committed once the stream is open, however late the database answers the opening', async () => {
    const database = slowDatabase(t.db);
    const { bus, notify } = handBus();
    const hub = createEventHub({ db: database.db, clock: t.app.deps.clock }, bus, () => {});
    await pause(200);
    const { raw, written } = fakeResponse();
    database.hold();
    const opening = hub.open(student(), raw, null);
    await pause(50);
    // The stream is open; the event commits and is noticed while the hub's reads still wait.
    const id = await publishNow();
    notify({ id, institutionId });
    database.release();
    await opening;
    await until(() => written.some((text) => text.startsWith(`id: ${id}\n`)));
    expect(written.filter((text) => text.startsWith('id: '))).toEqual([
      expect.stringMatching(`^id: ${id}\n`),
    ]);
    hub.close();
  });

  it('sends a new stream nothing committed before it opened', async () => {
    const { bus, notify } = handBus();
    const hub = createEventHub({ db: t.db, clock: t.app.deps.clock }, bus, () => {});
    const before = await publishNow();
    notify({ id: before, institutionId });
    const { raw, written } = fakeResponse();
    await hub.open(student(), raw, null);
    const after = await publishNow();
    notify({ id: after, institutionId });
    await until(() => written.some((text) => text.startsWith(`id: ${after}\n`)));
    expect(written.filter((text) => text.startsWith('id: '))).toEqual([
      expect.stringMatching(`^id: ${after}\n`),
    ]);
    hub.close();
  });

  it('keeps no stream whose client left before it was opened', async () => {
    const { bus } = handBus();
    const hub = createEventHub({ db: t.db, clock: t.app.deps.clock }, bus, () => {});
    await hub.open(student(), fakeResponse({ destroyed: true }).raw, null);
    expect(hub.size).toBe(0);
    hub.close();
  });
});
