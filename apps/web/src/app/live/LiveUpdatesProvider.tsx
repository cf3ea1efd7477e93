import { LIVE_EVENT_KINDS, type LiveEventKind, liveEventSchema } from '@portal/shared/schemas/events';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { openEventStream, type StreamStatus } from '../../lib/event-stream';
import { type LiveListener, type LiveUpdates, LiveUpdatesContext } from '../../lib/live-updates';
import { getAccount, signOut } from '../../lib/session';
import { ALL_LIVE_KEYS, LIVE_IN_PLACE, LIVE_INVALIDATIONS } from './live-invalidations';
import { spreadRefetch } from './spread-refetch';

/**
 * Without a stream, the lists an event would refresh are read again this often, silently (their
 * rows stay on screen while they load: learning §4 "refresh silently").
 */
export const LIST_POLL_MS = 30_000;
/** Every tab's refetch after an event waits a random moment within this (spread-refetch.ts). */
export const EVENT_REFETCH_SPREAD_MS = 1000;

const isKind = (kind: string): kind is LiveEventKind =>
  (LIVE_EVENT_KINDS as readonly string[]).includes(kind);

/**
 * The signed-in tab's one event stream (`GET /api/events`): each event makes its screens' queries
 * stale (`LIVE_INVALIDATIONS`) and reaches the pages subscribed to it (`useLiveEvent`). While the
 * stream is down, those queries are polled instead. Not opened for the owner, who has no events.
 */
export function LiveUpdatesProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus | 'off'>('off');
  const listeners = useMemo(() => new Set<{ kinds: ReadonlySet<string>; listener: LiveListener }>(), []);

  useEffect(() => {
    if (!enabled) return;
    const invalidate = spreadRefetch(
      (queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey }),
      {
        spreadMs: EVENT_REFETCH_SPREAD_MS,
      },
    );
    const stream = openEventStream({
      url: '/api/events',
      token: () => getAccount()?.jwt ?? null,
      onStatus: setStatus,
      onUnauthorized: () => signOut('expired'),
      onResync: () => invalidate(ALL_LIVE_KEYS),
      onEvent: (kind, data) => {
        if (!isKind(kind)) return;
        const event = liveEventSchema.safeParse(data);
        const stillStale = event.success ? LIVE_IN_PLACE[kind]?.(queryClient, event.data) : null;
        invalidate(stillStale ?? LIVE_INVALIDATIONS[kind]);
        if (!event.success) return;
        for (const entry of listeners) if (entry.kinds.has(kind)) entry.listener(event.data);
      },
    });
    return () => {
      stream.close();
      setStatus('off');
    };
  }, [enabled, queryClient, listeners]);

  // The fallback: the spec's periodic refresh while no event can arrive.
  const polling = enabled && status === 'down';
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => {
      for (const queryKey of ALL_LIVE_KEYS) void queryClient.invalidateQueries({ queryKey });
    }, LIST_POLL_MS);
    return () => clearInterval(timer);
  }, [polling, queryClient]);

  const subscribe = useCallback<LiveUpdates['subscribe']>(
    (kinds, listener) => {
      const entry = { kinds: new Set<string>(kinds), listener };
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    [listeners],
  );
  const value = useMemo<LiveUpdates>(() => ({ status, subscribe }), [status, subscribe]);
  return <LiveUpdatesContext.Provider value={value}>{children}</LiveUpdatesContext.Provider>;
}
