import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../..', import.meta.url));

/** The node flags `npm start` runs the portal with (the root package.json), as the bench reads them. */
function startFlags(): string[] {
  const root = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'));
  const flags = /node ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(root.scripts.start)?.[1];
  return flags?.trim().split(' ') ?? [];
}

/** A size flag's value in MB, e.g. `--max-old-space-size=320`. */
const flagMb = (flags: string[], name: string) =>
  Number(flags.find((flag) => flag.startsWith(`--${name}=`))?.split('=')[1]);

/**
 * The pool as `npm start` runs it: node started with the request thread's heap flags, which V8
 * would otherwise apply to every worker thread over the pool's limits. Answers both threads' heap
 * limits in MB.
 */
function limitsUnderStartFlags(flags: string[]): { main: number; worker: number } {
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
    [...flags, '--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: SERVER, encoding: 'utf8' },
  );
  return JSON.parse(output);
}

describe('background pools', () => {
  it('give their worker threads their own heap limits, and leave the request thread its own', () => {
    const flags = startFlags();
    const oldMb = flagMb(flags, 'max-old-space-size');
    const semiMb = flagMb(flags, 'max-semi-space-size');
    expect(oldMb).toBeGreaterThan(64 + 32);
    const { main, worker } = limitsUnderStartFlags(flags);
    // The old space and three semi-spaces (416 MB for 320 and 32): the flags still size the
    // request thread.
    expect(main).toBe(oldMb + 3 * semiMb);
    // 64 MB of old space and 16 of young (V8 rounds the young space up to whole semi-spaces, 24 MB):
    // the pool's limits, not the flags' sizes.
    expect(worker).toBeGreaterThanOrEqual(64 + 16);
    expect(worker).toBeLessThanOrEqual(64 + 32);
  });
});
