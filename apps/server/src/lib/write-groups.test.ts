import { describe, expect, it } from 'vitest';
import { writeGroups } from './write-groups.js';

/** A write of several items that finishes when told to, recording the groups it was given. */
function gatedWrite(refuse: (item: number) => boolean = () => false) {
  const groups: number[][] = [];
  const gates: (() => void)[] = [];
  const writeAll = (items: number[]) => {
    groups.push(items);
    return new Promise<string[]>((resolve, reject) =>
      gates.push(() =>
        items.some(refuse)
          ? reject(new Error(`refused ${items.join(',')}`))
          : resolve(items.map((item) => `row ${item}`)),
      ),
    );
  };
  /** Lets every write under way finish, and waits for the writes that follow them to begin. */
  const finish = async () => {
    for (const gate of gates.splice(0)) gate();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { writeAll, groups, finish };
}

describe('writeGroups', () => {
  it('writes a lone item at once, and the items that arrive meanwhile in one group', async () => {
    const { writeAll, groups, finish } = gatedWrite();
    const writes = writeGroups({ writeAll, retryAlone: () => true, inFlight: 1, maxGroup: 100 });
    const first = writes.write(1);
    expect(groups).toEqual([[1]]);
    const rest = [2, 3, 4, 5].map((item) => writes.write(item));
    expect(groups).toHaveLength(1);
    await finish();
    expect(groups).toEqual([[1], [2, 3, 4, 5]]);
    await finish();
    expect(await first).toBe('row 1');
    expect(await Promise.all(rest)).toEqual(['row 2', 'row 3', 'row 4', 'row 5']);
  });

  it('keeps as many writes under way as allowed, each group at most its size', async () => {
    const { writeAll, groups, finish } = gatedWrite();
    const writes = writeGroups({ writeAll, retryAlone: () => true, inFlight: 2, maxGroup: 3 });
    const all = Array.from({ length: 10 }, (_, index) => writes.write(index));
    expect(groups).toEqual([[0], [1]]);
    await finish();
    expect(groups.slice(2)).toEqual([
      [2, 3, 4],
      [5, 6, 7],
    ]);
    await finish();
    expect(groups.slice(4)).toEqual([[8, 9]]);
    await finish();
    expect(await Promise.all(all)).toEqual(all.map((_, index) => `row ${index}`));
  });

  it('answers nobody before their group is written', async () => {
    const { writeAll, finish } = gatedWrite();
    const writes = writeGroups({ writeAll, retryAlone: () => true, inFlight: 1, maxGroup: 10 });
    let answered = false;
    void writes.write(1).then(() => {
      answered = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    await finish();
    expect(answered).toBe(true);
  });

  it('writes a refused group item by item, so only the refused item fails', async () => {
    const { writeAll, groups, finish } = gatedWrite((item) => item === 3);
    const writes = writeGroups({ writeAll, retryAlone: () => true, inFlight: 1, maxGroup: 10 });
    const first = writes.write(1);
    const rest = Promise.allSettled([2, 3, 4].map((item) => writes.write(item)));
    await finish(); // 1 alone
    await finish(); // 2, 3 and 4 together: refused
    // Then one after another, never all at once on a database that is struggling.
    expect(groups.slice(2)).toEqual([[2]]);
    await finish();
    expect(groups.slice(2)).toEqual([[2], [3]]);
    await finish();
    await finish();
    expect(groups.slice(2)).toEqual([[2], [3], [4]]);
    expect(await first).toBe('row 1');
    const [two, three, four] = await rest;
    expect(two).toEqual({ status: 'fulfilled', value: 'row 2' });
    expect(three).toMatchObject({ status: 'rejected', reason: new Error('refused 3') });
    expect(four).toEqual({ status: 'fulfilled', value: 'row 4' });
  });

  it('fails the whole group for an error that is not one item’s, writing nothing again', async () => {
    const { writeAll, groups, finish } = gatedWrite((item) => item === 3);
    const writes = writeGroups({ writeAll, retryAlone: () => false, inFlight: 1, maxGroup: 10 });
    const first = writes.write(1);
    const rest = Promise.allSettled([2, 3, 4].map((item) => writes.write(item)));
    await finish();
    await finish();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    expect(await first).toBe('row 1');
    expect((await rest).map((settled) => settled.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it('fails the callers of a write that answers fewer results than items, and goes on', async () => {
    let calls = 0;
    const writes = writeGroups<number, string>({
      writeAll: async (items) => (++calls === 1 ? [] : items.map((item) => `row ${item}`)),
      retryAlone: () => false,
      inFlight: 1,
      maxGroup: 10,
    });
    await expect(writes.write(1)).rejects.toThrow('0 results for 1 writes');
    expect(await writes.write(2)).toBe('row 2');
  });
});
