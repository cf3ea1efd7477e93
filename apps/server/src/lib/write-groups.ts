/**
 * Writes that arrive together go to the database together, as PostgreSQL's own group commit does
 * for flushes: while `inFlight` groups are being written, the items that arrive wait and leave as
 * one group (at most `maxGroup` items) when one finishes. A lone item is written at once, so a
 * quiet portal waits for nothing; under an exam's opening hundreds of starts become a few
 * statements and commits instead of one each.
 *
 * Every caller's promise settles only when its group's write has committed, with its own result.
 * A group that fails is written again item by item, so one bad item (a row a foreign key now
 * refuses) fails its own caller only.
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
  inFlight: number;
  maxGroup: number;
}): WriteGroups<Item, Result> {
  const { writeAll, inFlight, maxGroup } = options;
  const queue: Waiting<Item, Result>[] = [];
  let running = 0;

  const writeAlone = (waiting: Waiting<Item, Result>) =>
    writeAll([waiting.item]).then(([result]) => waiting.resolve(result as Result), waiting.reject);

  async function writeGroup(group: Waiting<Item, Result>[]) {
    try {
      const results = await writeAll(group.map((waiting) => waiting.item));
      for (const [index, waiting] of group.entries()) waiting.resolve(results[index] as Result);
    } catch (error) {
      if (group.length === 1) group[0]!.reject(error);
      else await Promise.all(group.map(writeAlone));
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
