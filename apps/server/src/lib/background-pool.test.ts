import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The pool as `npm start` runs it: node started with the request thread's heap flags, which V8
 * would otherwise apply to every worker thread over the pool's limits. Answers both threads' heap
 * limits in MB.
 */
function limitsUnderStartFlags(): { main: number; worker: number } {
  const script = `
    const { getHeapStatistics } = await import('node:v8');
    const { backgroundPool } = await import('./src/lib/background-pool.ts');
    const pool = backgroundPool('../test/workers/heap-limit.worker', 0, { oldMb: 64, youngMb: 16 });
    const worker = await pool.run(null);
    await pool.close();
    const main = Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024);
    process.stdout.write(JSON.stringify({ main, worker }));`;
  const output = execFileSync(
    process.execPath,
    [
      '--max-old-space-size=320',
      '--max-semi-space-size=32',
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ],
    { cwd: SERVER, encoding: 'utf8' },
  );
  return JSON.parse(output);
}

describe('background pools', () => {
  it('give their worker threads their own heap limits, and leave the request thread its own', () => {
    const { main, worker } = limitsUnderStartFlags();
    // 320 MB of old space and three 32 MB semi-spaces: the flags still size the request thread.
    expect(main).toBe(416);
    // 64 MB of old space and 16 of young (V8 rounds the young space up to whole semi-spaces, 24 MB):
    // the pool's limits, not the flags' 416 MB.
    expect(worker).toBeGreaterThanOrEqual(64 + 16);
    expect(worker).toBeLessThanOrEqual(64 + 32);
  });
});
