import type { QueryKey } from '@tanstack/react-query';

/**
 * An event reaches every open tab of the school at once (an announcement: 5,000 of them), and each
 * tab would refetch its bell and lists in the same instant. Each tab instead waits a random moment
 * within `spreadMs`, gathering what the events of that moment make stale, and refetches each of
 * those once: the portal meets the wave spread over a second, and a burst of events costs one
 * refetch per list.
 */
export function spreadRefetch(
  refetch: (queryKey: QueryKey) => void,
  options: { spreadMs: number; random?: () => number; setTimer?: (run: () => void, ms: number) => unknown },
) {
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const waiting = new Map<string, QueryKey>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const keys = [...waiting.values()];
    waiting.clear();
    for (const queryKey of keys) refetch(queryKey);
  };
  return (keys: readonly QueryKey[]) => {
    for (const queryKey of keys) waiting.set(JSON.stringify(queryKey), queryKey);
    if (scheduled || waiting.size === 0) return;
    scheduled = true;
    setTimer(flush, random() * options.spreadMs);
  };
}
