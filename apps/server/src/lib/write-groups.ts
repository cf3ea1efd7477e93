/**
 * Writes that arrive together go to the database together, as PostgreSQL's own group commit does
 * for flushes: while `inFlight` groups are being written, the items that arrive wait and leave as
 * one group (at most `maxGroup` items) when one finishes. A lone item is written at once, so a
 * quiet portal waits for nothing; under an exam's opening hundreds of starts become a few
 * statements and commits instead of one each.
 *
 * Every caller's promise settles only when its group's write has committed, with its own result.
 * A group refused for one of its items (`retryAlone` says which errors are an item's) is written
 * again item by item, one after another, so only the refused item fails; any other error fails
 * the whole group, as it would have failed each write alone. `writeAll` must therefore be safe to
 * run again for items it may have written (an insert that keeps an existing row).
 */
export interface WriteGroups<Item, Result> {
  write(item: Item): Promise<Result>;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

export function writeGroups<Item, Result>(options: {
  /** Writes the items in one statement; answers each item's result, in the items' order. */
  writeAll: (items: Item[]) => Promise<Result[]>;
  /** Whether a group's error may be one item's, so that the others are worth writing alone. */
  retryAlone: (error: unknown) => boolean;
  inFlight: number;
  maxGroup: number;
}): WriteGroups<Item, Result> {
  const { writeAll, retryAlone, inFlight, maxGroup } = options;
  const queue: Waiting<Item, Result>[] = [];
  let running = 0;

  async function resultsOf(items: Item[]): Promise<Result[]> {
    const results = await writeAll(items);
    if (results.length !== items.length)
      throw new Error(`${results.length} results for ${items.length} writes`);
    return results;
  }

  /** Settles every caller of the group; never throws. */
  async function writeGroup(group: Waiting<Item, Result>[]) {
    try {
      const results = await resultsOf(group.map((waiting) => waiting.item));
      for (const [index, waiting] of group.entries()) waiting.resolve(results[index]!);
    } catch (error) {
      if (group.length === 1 || !retryAlone(error)) {
        for (const waiting of group) waiting.reject(error);
        return;
      }
      for (const waiting of group) {
        try {
          const [result] = await resultsOf([waiting.item]);
          waiting.resolve(result!);
        } catch (alone) {
          waiting.reject(alone);
        }
      }
    }
  }

  function next() {
    while (running < inFlight && queue.length > 0) {
      const group = queue.splice(0, maxGroup);
      running++;
      void writeGroup(group).finally(() => {
        running--;
        next();
      });
    }
  }

  return {
    write(item) {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        next();
      });
    },
  };
}
