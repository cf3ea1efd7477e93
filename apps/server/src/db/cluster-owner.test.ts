import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimCluster, identityOf } from './cluster-owner.js';

const scratch = path.resolve(import.meta.dirname, '../../../../.tmp', `cluster-owner-${process.pid}`);
const refusal = (pid: number) => `another portal (pid ${pid})`;
let count = 0;
const ownerFile = () => path.join(scratch, `postgres-${++count}.owner`);
/** A pid no process has: past the kernel's largest. */
const DEAD_PID = 4_194_304 + 1;

beforeAll(() => fs.mkdir(scratch, { recursive: true }));
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

describe('who owns an embedded cluster', () => {
  it('refuses a second owner while the first lives, and lets one in once it is released', async () => {
    const file = ownerFile();
    const first = await claimCluster(file, refusal);
    expect(first.hadOwner).toBe(false);
    await expect(claimCluster(file, refusal)).rejects.toThrow(`another portal (pid ${process.pid})`);
    await first.release();
    const next = await claimCluster(file, refusal);
    expect(next.hadOwner).toBe(false);
    await next.release();
    await expect(fs.access(file)).rejects.toThrow();
  });

  it('takes over from an owner that has ended', async () => {
    const file = ownerFile();
    await fs.writeFile(file, JSON.stringify({ pid: DEAD_PID, startedAt: '1', bootId: null }));
    const claim = await claimCluster(file, refusal);
    expect(claim.hadOwner).toBe(true);
    expect(JSON.parse(await fs.readFile(file, 'utf8')).pid).toBe(process.pid);
    await claim.release();
  });

  it.runIf(process.platform === 'linux')(
    'tells a process given a dead owner’s pid (after a restart) from the owner',
    async () => {
      const file = ownerFile();
      const me = await identityOf(process.pid);
      for (const other of [
        { ...me, startedAt: `${me.startedAt}0` },
        { ...me, bootId: 'another-boot' },
      ]) {
        await fs.writeFile(file, JSON.stringify(other));
        const claim = await claimCluster(file, refusal);
        expect(claim.hadOwner).toBe(true);
        await claim.release();
      }
    },
  );

  it('takes over an unreadable owner file', async () => {
    const file = ownerFile();
    await fs.writeFile(file, 'not json');
    const claim = await claimCluster(file, refusal);
    expect(claim.hadOwner).toBe(true);
    await claim.release();
  });
});
