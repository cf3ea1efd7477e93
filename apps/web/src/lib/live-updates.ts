import type { LiveEvent, LiveEventKind } from '@portal/shared/schemas/events';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { StreamStatus } from './event-stream';

export type LiveListener = (event: LiveEvent) => void;

/** What the signed-in layout's one event stream offers the pages below it. */
export interface LiveUpdates {
  /** `off` where no stream is opened (the owner, who has no events). */
  status: StreamStatus | 'off';
  /** Calls `listener` with every event of `kinds` until the returned function is called. */
  subscribe: (kinds: readonly LiveEventKind[], listener: LiveListener) => () => void;
}

export const LiveUpdatesContext = createContext<LiveUpdates>({
  status: 'off',
  subscribe: () => () => undefined,
});

/** Whether changes arrive pushed right now; when not, pages poll at the spec's intervals. */
export function useLiveConnected(): boolean {
  return useContext(LiveUpdatesContext).status === 'open';
}

/** Runs `listener` on each event of `kinds` (the latest `listener`, without resubscribing). */
export function useLiveEvent(kinds: readonly LiveEventKind[], listener: LiveListener): void {
  const { subscribe } = useContext(LiveUpdatesContext);
  const latest = useRef(listener);
  latest.current = listener;
  const key = kinds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `kinds`, a fresh array each render.
  useEffect(() => subscribe(kinds, (event) => latest.current(event)), [subscribe, key]);
}
