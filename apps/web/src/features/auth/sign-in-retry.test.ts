import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { withSignInRetry } from './sign-in-retry';

const busy = () => new ApiError(503, 'BUSY', 'Many people are signing in right now.');

function fakeTime() {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
    random: () => 0,
  };
}

describe('signing in during a rush', () => {
  it('waits and tries again while the portal is busy, saying so, until it is let in', async () => {
    const time = fakeTime();
    const answers = [busy(), busy(), busy(), busy(), 'signed in'];
    const told: boolean[] = [];
    let tries = 0;
    const result = await withSignInRetry(
      async () => {
        const answer = answers[tries++];
        if (answer instanceof Error) throw answer;
        return answer;
      },
      { ...time, onBusy: (state) => told.push(state) },
    );
    expect(result).toBe('signed in');
    expect(tries).toBe(5);
    expect(time.slept).toEqual([2000, 3000, 5000, 5000]);
    expect(told).toEqual([true, true, true, true, false]);
  });

  it('spreads the waits so a crowd turned away together does not come back together', async () => {
    const time = { ...fakeTime(), random: () => 1 };
    let tries = 0;
    await withSignInRetry(
      async () => {
        if (tries++ === 0) throw busy();
        return 'in';
      },
      { ...time, onBusy: () => {} },
    );
    expect(time.slept).toEqual([3000]);
  });

  it('ends at once on any other answer: a wrong password is not tried again', async () => {
    const time = fakeTime();
    let tries = 0;
    const wrong = new ApiError(401, 'UNAUTHORIZED', 'Incorrect username/password. Please try again.');
    await expect(
      withSignInRetry(
        async () => {
          tries += 1;
          throw wrong;
        },
        { ...time, onBusy: () => {} },
      ),
    ).rejects.toBe(wrong);
    expect(tries).toBe(1);
    expect(time.slept).toEqual([]);
  });

  it('gives up with the busy answer after its patience', async () => {
    const time = fakeTime();
    await expect(
      withSignInRetry(
        async () => {
          throw busy();
        },
        { ...time, patienceMs: 10_000, onBusy: () => {} },
      ),
    ).rejects.toMatchObject({ status: 503 });
    expect(time.slept).toEqual([2000, 3000, 5000]);
  });
});
