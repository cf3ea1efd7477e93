import { describe, expect, it } from 'vitest';
import { spreadRefetch } from './spread-refetch';

function timers() {
  const queue: { run: () => void; ms: number }[] = [];
  return {
    queue,
    setTimer: (run: () => void, ms: number) => queue.push({ run, ms }),
    fire: () => {
      for (const timer of queue.splice(0)) timer.run();
    },
  };
}

describe('refetching after events', () => {
  it('waits a random moment within the spread, then refetches each stale list once', () => {
    const clock = timers();
    const refetched: unknown[] = [];
    const schedule = spreadRefetch((key) => refetched.push(key), {
      spreadMs: 1000,
      random: () => 0.25,
      setTimer: clock.setTimer,
    });
    schedule([['notifications'], ['announcements']]);
    schedule([['notifications']]);
    schedule([['exams', 'mine']]);
    expect(refetched).toEqual([]);
    expect(clock.queue.map((timer) => timer.ms)).toEqual([250]);
    clock.fire();
    expect(refetched).toEqual([['notifications'], ['announcements'], ['exams', 'mine']]);
    // A later event waits again.
    schedule([['notifications']]);
    expect(clock.queue).toHaveLength(1);
    clock.fire();
    expect(refetched).toHaveLength(4);
  });
});
