import type { ServerResponse } from 'node:http';
import {
  EVENT_HEARTBEAT_MS,
  EVENT_REPLAY_MAX,
  EVENT_RETENTION_MS,
  READY_EVENT,
  RESYNC_EVENT,
} from '@portal/shared';
import type { AppDeps } from '../../deps.js';
import type { EventNotice, InstanceBus } from '../../lib/instance-bus.js';
import { type Listener, receives } from './events.policy.js';
import * as repository from './events.repository.js';

/**
 * A stream is ended after this long (plus up to a minute, so reconnects spread out); the browser
 * reconnects with `Last-Event-ID` and loses nothing. So a stream never outlives its sign-in by
 * much (the account is checked again on reconnect) and its user's batches are reloaded.
 */
const STREAM_LIFETIME_MS = 5 * 60 * 1000;
/** A client that reads slower than this much buffered output is dropped; it reconnects and replays. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

interface Stream {
  listener: Listener;
  raw: ServerResponse;
  /** Every event up to this id has been considered for this stream. */
  lastId: number;
  /** While its replay is read, live events wait here. */
  queued: repository.EventRow[] | null;
  endsAt: number;
}

export interface EventHub {
  /**
   * Starts delivering to `raw` (its 200 head set, not yet sent) and sends it `ready` once every
   * event committed from then on reaches it.
   */
  open(listener: Listener, raw: ServerResponse, lastEventId: number | null): Promise<void>;
  readonly size: number;
  close(): void;
}

const format = (row: repository.EventRow) =>
  `id: ${row.id}\nevent: ${row.kind}\ndata: ${JSON.stringify({ ...row.payload, kind: row.kind, at: new Date(row.created_at).toISOString() })}\n\n`;

/**
 * The streams of this instance, by institution. A notice (from NOTIFY, this instance's own events
 * included) is read from the events table once, then written to each stream it concerns.
 */
export function createEventHub(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  bus: InstanceBus,
  log: (message: string) => void,
): EventHub {
  const byInstitution = new Map<string, Set<Stream>>();
  let size = 0;
  let pendingIds: number[] = [];
  let fetching = false;
  /**
   * The newest event id noticed (of any institution): where a stream without `Last-Event-ID`
   * starts, so it gets every event noticed after it opened. Not a read of the table at that
   * moment: a read answered after an event committed would skip that event, though its notice
   * (and the stream's queue) had it.
   */
  let noticedUpTo = 0;
  let startRead: Promise<void> | null = null;
  /** The newest id in the table when the hub starts (read again after a failure). */
  function untilStarted() {
    startRead ??= repository.latestEventId(deps.db).then(
      (latest) => {
        noticedUpTo = Math.max(noticedUpTo, latest);
      },
      (error: unknown) => {
        startRead = null;
        throw error;
      },
    );
    return startRead;
  }

  function write(stream: Stream, text: string) {
    if (stream.raw.destroyed) return;
    stream.raw.write(text);
    if (stream.raw.writableLength > MAX_BUFFERED_BYTES) stream.raw.destroy();
  }

  // An event goes to thousands of streams: its text is made once, not once per stream.
  const texts = new WeakMap<repository.EventRow, string>();
  function textOf(row: repository.EventRow) {
    let text = texts.get(row);
    if (text === undefined) {
      text = format(row);
      texts.set(row, text);
    }
    return text;
  }

  function consider(stream: Stream, row: repository.EventRow) {
    if (row.id <= stream.lastId) return;
    stream.lastId = row.id;
    if (receives(stream.listener, row.audience)) write(stream, textOf(row));
  }

  function dispatch(rows: repository.EventRow[]) {
    for (const row of rows) {
      const streams = byInstitution.get(row.institution_id);
      if (!streams) continue;
      for (const stream of streams) {
        if (stream.queued) stream.queued.push(row);
        else consider(stream, row);
      }
    }
  }

  async function fetchPending() {
    if (fetching) return;
    fetching = true;
    try {
      while (pendingIds.length > 0) {
        const ids = pendingIds;
        pendingIds = [];
        dispatch(await repository.eventsByIds(deps.db, ids));
      }
    } catch (error) {
      log(`events could not be read: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      fetching = false;
    }
  }

  function onNotice(notice: EventNotice) {
    noticedUpTo = Math.max(noticedUpTo, notice.id);
    // Only institutions with a stream here cost a read.
    if (!byInstitution.has(notice.institutionId)) return;
    pendingIds.push(notice.id);
    void fetchPending();
  }

  /** After the listening connection was down: what was missed comes from the table. */
  async function catchUp() {
    for (const [institutionId, streams] of byInstitution) {
      let from = Number.POSITIVE_INFINITY;
      for (const stream of streams) from = Math.min(from, stream.lastId);
      if (!Number.isFinite(from)) continue;
      try {
        dispatch(await repository.eventsAfter(deps.db, institutionId, from, EVENT_REPLAY_MAX * 4));
      } catch (error) {
        log(`events could not be caught up: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  function remove(stream: Stream) {
    const streams = byInstitution.get(stream.listener.institutionId);
    if (!streams?.delete(stream)) return;
    size--;
    if (streams.size === 0) byInstitution.delete(stream.listener.institutionId);
  }

  // One timer for every stream: heartbeats, and the end of streams past their lifetime.
  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const streams of byInstitution.values()) {
      for (const stream of streams) {
        if (now >= stream.endsAt) stream.raw.end();
        else write(stream, ': ping\n\n');
      }
    }
  }, EVENT_HEARTBEAT_MS);
  heartbeat.unref();

  const prune = () =>
    repository
      .pruneEvents(deps.db, new Date(deps.clock.now().getTime() - EVENT_RETENTION_MS))
      .catch((error: Error) => log(`events could not be pruned: ${error.message}`));
  const pruning = setInterval(prune, PRUNE_EVERY_MS);
  pruning.unref();
  void prune();

  untilStarted().catch((error: Error) => log(`events could not be read: ${error.message}`));
  bus.onEvent(onNotice);
  bus.onReconnect(() => void catchUp());

  return {
    async open(listener, raw, lastEventId) {
      await untilStarted();
      // The client may have left while its stream was being set up: its 'close' has been emitted.
      if (raw.destroyed) return;
      const stream: Stream = {
        listener,
        raw,
        lastId: noticedUpTo,
        queued: lastEventId === null ? null : [],
        endsAt: Date.now() + STREAM_LIFETIME_MS + Math.floor(Math.random() * 60_000),
      };
      let streams = byInstitution.get(listener.institutionId);
      if (!streams) {
        streams = new Set();
        byInstitution.set(listener.institutionId, streams);
      }
      streams.add(stream);
      size++;
      raw.on('close', () => remove(stream));
      write(stream, `retry: 2000\nevent: ${READY_EVENT}\ndata: {}\n\n`);
      if (lastEventId === null) return;

      // Resuming: what was missed comes from the table; what is noticed meanwhile waits in the queue.
      const latest = await repository.latestEventId(deps.db);
      const missed = lastEventId < latest ? await replayOf(listener.institutionId, lastEventId) : [];
      if (missed === null || lastEventId > latest) {
        // More missed than is kept or replayed (or an id this database never sent): start afresh,
        // from where a new stream would.
        write(stream, `event: ${RESYNC_EVENT}\ndata: {}\n\n`);
      } else {
        stream.lastId = lastEventId;
        for (const row of missed) consider(stream, row);
      }
      const queued = stream.queued ?? [];
      stream.queued = null;
      for (const row of queued) consider(stream, row);
    },
    get size() {
      return size;
    },
    close() {
      clearInterval(heartbeat);
      clearInterval(pruning);
      for (const streams of byInstitution.values()) for (const stream of streams) stream.raw.end();
      byInstitution.clear();
      size = 0;
    },
  };

  /** The institution's events after `afterId`, or null when some may be gone (pruned) or too many. */
  async function replayOf(institutionId: string, afterId: number) {
    const oldest = await repository.oldestEventIdOfAll(deps.db);
    if (oldest !== null && oldest > afterId + 1) return null;
    const rows = await repository.eventsAfter(deps.db, institutionId, afterId, EVENT_REPLAY_MAX + 1);
    return rows.length > EVENT_REPLAY_MAX ? null : rows;
  }
}
