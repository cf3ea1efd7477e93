import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCounters } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { TooManyAttemptsError } from './app-error.js';
import {
  type AttemptLimit,
  addAttempt,
  clearAttemptsOf,
  countAttempts,
  giveBackAttempt,
  takeAttempt,
} from './attempt-counters.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LIMIT: AttemptLimit = { name: 'test', max: 5, windowMinutes: 10 };
const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 9, minutes));

async function outcome(subject: string, now: Date) {
  try {
    await takeAttempt(t.db, LIMIT, subject, now);
    return 'taken';
  } catch (error) {
    if (error instanceof TooManyAttemptsError) return error.retryAfterSeconds;
    throw error;
  }
}

describe('attempt counters', () => {
  it('let exactly max of 40 concurrent attempts through', async () => {
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => outcome('concurrent', at(0))));
    expect(outcomes.filter((result) => result === 'taken')).toHaveLength(5);
    expect(outcomes.filter((result) => result === 600)).toHaveLength(35);
  });

  it('open a new window once the first has ended, and count each subject apart', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) expect(await outcome('windowed', at(0))).toBe('taken');
    expect(await outcome('windowed', at(9))).toBe(60);
    expect(await outcome('someone-else', at(9))).toBe('taken');
    expect(await outcome('windowed', at(10))).toBe('taken');
  });

  it('let a handed-back attempt be taken again', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) await outcome('refunded', at(20));
    await giveBackAttempt(t.db, LIMIT, 'refunded', at(21));
    expect(await outcome('refunded', at(21))).toBe('taken');
    expect(await outcome('refunded', at(21))).toBe(540);
  });

  it('count attempts without refusing any, per window', async () => {
    for (let attempt = 0; attempt < 7; attempt += 1) await addAttempt(t.db, LIMIT, 'counted', at(50));
    expect(await countAttempts(t.db, LIMIT, 'counted', at(59))).toBe(7);
    expect(await countAttempts(t.db, LIMIT, 'counted', at(60))).toBe(0);
    expect(await countAttempts(t.db, LIMIT, 'never', at(50))).toBe(0);
  });

  it('count a subject of parts apart from each other, and clear every one beginning with a part', async () => {
    const limit = { ...LIMIT, max: 1 };
    await takeAttempt(t.db, limit, ['account', 'address 1'], at(70));
    await takeAttempt(t.db, limit, ['account', 'address 2'], at(70));
    await takeAttempt(t.db, limit, ['another account', 'address 1'], at(70));
    await expect(takeAttempt(t.db, limit, ['account', 'address 1'], at(70))).rejects.toThrow(
      TooManyAttemptsError,
    );
    await clearAttemptsOf(t.db, limit, 'account');
    await takeAttempt(t.db, limit, ['account', 'address 1'], at(70));
    await takeAttempt(t.db, limit, ['account', 'address 2'], at(70));
    await expect(takeAttempt(t.db, limit, ['another account', 'address 1'], at(70))).rejects.toThrow(
      TooManyAttemptsError,
    );
  });

  it('store no subject in clear, and delete ended windows', async () => {
    await outcome('someone@example.com', at(40));
    const keys = (await t.db.select().from(attemptCounters)).map((row) => row.key);
    expect(keys.join(' ')).not.toContain('someone');
    expect(keys.every((key) => key.startsWith('test:'))).toBe(true);
    await outcome('later', new Date(at(40).getTime() + 60 * MINUTE));
    const left = await t.db.select().from(attemptCounters);
    expect(left.map((row) => row.key)).toHaveLength(1);
  });
});
