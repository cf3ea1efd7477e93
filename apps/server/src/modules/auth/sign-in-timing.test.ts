import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { hashGeneratedPassword } from '../../lib/passwords.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * A failed sign-in must not tell whether the username exists or whether the account still has a
 * generated (cheaply hashed) password. `SIGN_IN_TIMING_TRIES=100` measures 100 tries per path.
 *
 * The strict check is on the process's CPU time per sign-in: on a shared machine other processes'
 * load moves wall-clock medians by more than the difference looked for (one cheap verification,
 * about a tenth of a sign-in), while the work each path does stays measurable. Wall-clock time
 * is checked with room for that noise; it still catches a path that skips a full-cost check (about
 * half the time). When a batch of tries is inconclusive, up to two more are added to it: more tries
 * narrow the medians, they do not give the check more chances.
 */
const TRIES = Number(process.env.SIGN_IN_TIMING_TRIES ?? 60);
const MAX_BATCHES = 3;
const CPU_TOLERANCE = 0.05;
const WALL_TOLERANCE = 0.25;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

describe('sign-in timing', () => {
  it('a wrong password costs the same for an unknown user, a chosen password and a generated one', async () => {
    const institution = await t.createInstitution();
    const chosen = await t.createAccount('faculty', { institutionId: institution.id });
    const generated = await t.createAccount('student', {
      institutionId: institution.id,
      mustChangePassword: true,
    });
    await t.db
      .update(users)
      .set({ passwordHash: await hashGeneratedPassword('Generated@7') })
      .where(eq(users.id, generated.user.id));

    const usernames = {
      unknown: () => t.unique('nobody'),
      chosen: () => chosen.username,
      generated: () => generated.username,
    };
    type Path = keyof typeof usernames;
    const paths = Object.keys(usernames) as Path[];
    const wall: Record<Path, number[]> = { unknown: [], chosen: [], generated: [] };
    const cpu: Record<Path, number[]> = { unknown: [], chosen: [], generated: [] };

    let address = 0;
    async function signIn(path: Path, record: boolean) {
      address += 1;
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        // Each try from its own address, so the per-address limit stays out of the measurement.
        remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        payload: { username: usernames[path](), password: 'Wrong-password-1' },
      });
      const cpuUsed = process.cpuUsage(cpuStarted);
      const elapsed = performance.now() - started;
      expect(response.statusCode).toBe(401);
      if (record) {
        wall[path].push(elapsed);
        cpu[path].push((cpuUsed.user + cpuUsed.system) / 1000);
      }
    }

    async function rounds(count: number, record: boolean) {
      for (let round = 0; round < count; round += 1) {
        // Past every per-account window, so each round's tries are all evaluated.
        t.clock.advance(60 * 60_000);
        // Each round in another order, so drift and warm-up fall on every path alike.
        for (let index = 0; index < paths.length; index += 1) {
          await signIn(paths[(index + round) % paths.length]!, record);
        }
      }
    }

    // Paired per round: each path against the chosen-password try of the same round.
    const ratio = (times: Record<Path, number[]>, path: Path) =>
      median(times[path].map((value, index) => value / times.chosen[index]!));
    const compared = ['unknown', 'generated'] as const;
    const even = () =>
      compared.every(
        (path) =>
          Math.abs(ratio(cpu, path) - 1) < CPU_TOLERANCE && Math.abs(ratio(wall, path) - 1) < WALL_TOLERANCE,
      );

    await rounds(6, false);
    for (let batch = 0; batch < MAX_BATCHES && (batch === 0 || !even()); batch += 1)
      await rounds(TRIES, true);

    const summary = (times: Record<Path, number[]>) =>
      paths.map((path) => `${path} ${median(times[path]).toFixed(2)}`).join(', ');
    console.info(
      `sign-in with a wrong password, ${wall.chosen.length} tries per path, median ms: ${summary(wall)} ` +
        `(CPU ms: ${summary(cpu)})`,
    );
    for (const path of compared) {
      expect(Math.abs(ratio(cpu, path) - 1), `CPU time of ${path} / chosen`).toBeLessThan(CPU_TOLERANCE);
      expect(Math.abs(ratio(wall, path) - 1), `wall time of ${path} / chosen`).toBeLessThan(WALL_TOLERANCE);
    }
  }, 300_000);
});
