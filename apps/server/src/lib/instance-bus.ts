import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/client.js';

/**
 * What crosses server instances (decision 36), through PostgreSQL LISTEN/NOTIFY:
 * - `portal_changes`: what a write made stale in the per-process caches (read cache generations,
 *   cached accounts), so every other instance drops the same within a second of the write; each
 *   instance applies its own at once and ignores its echo.
 * - `portal_events`: `<event id>:<institution id>` of every live event (the row stays in the
 *   `events` table), so the streams of every instance, this one included, get it.
 * - `portal_instances`: each instance's id, said on joining and every 10 s. An instance that hears
 *   no other sends no changes at all (the usual school runs one): a write then costs no NOTIFY and
 *   its answer waits for no echo. A newcomer sends its changes while it may still be unknown to the
 *   others (its first seconds), then drops what it cached meanwhile, when the others may not yet
 *   have sent it theirs. An instance not heard from for 30 s is taken as gone.
 * One dedicated connection LISTENs (a pooled one could be handed to a query mid-notification); it
 * reconnects with backoff, and after a gap drops every cached read and account (changes may have
 * been missed) and tells the event hub to catch up from the table.
 */
export const CHANGES_CHANNEL = 'portal_changes';
export const EVENTS_CHANNEL = 'portal_events';
export const INSTANCES_CHANNEL = 'portal_instances';

/** NOTIFY refuses payloads of 8000 bytes or more; changes are sent in chunks below that. */
const MAX_PAYLOAD = 7000;
const RECONNECT_MIN_MS = 100;
/** Changes made outside a request are sent this long after (their transaction has ended by then). */
const FALLBACK_FLUSH_MS = 200;
/** How long an answer waits at most for its changes to come back from PostgreSQL. */
const ECHO_TIMEOUT_MS = 1000;
const RECONNECT_MAX_MS = 5000;
/** How often an instance says it is there; one silent for three times as long is gone. */
const HELLO_EVERY_MS = 10_000;
/** How long a newcomer (or a reconnected instance) sends its changes whatever it has heard. */
export const JOINING_MS = 2_000;

/** A cache's reaction to a change made on another instance, by the change's one-letter kind. */
type ChangeHandler = (db: Database, argument: string) => void;
const changeHandlers = new Map<string, ChangeHandler>();
/** What to drop when changes may have been missed (the listening connection was down). */
const resyncHandlers = new Set<(db: Database) => void>();

/** Registers how a kind of change is applied here when another instance made it. */
export function onRemoteChange(kind: string, handler: ChangeHandler): void {
  if (kind.length !== 1) throw new Error('a change kind is one character');
  changeHandlers.set(kind, handler);
}

/** Registers what a cache drops when changes of other instances may have been missed. */
export function onMissedChanges(handler: (db: Database) => void): void {
  resyncHandlers.add(handler);
}

export interface EventNotice {
  id: number;
  institutionId: string;
}

export interface InstanceBus {
  readonly instanceId: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Sends a change to the other instances (batched per tick). */
  broadcast(kind: string, argument: string): void;
  /** Whether changes are waiting to be sent or being sent. */
  readonly busy: boolean;
  /** Listening, past joining, and no other instance heard from: changes are not sent. */
  readonly alone: boolean;
  /** Resolves once every change queued so far has reached PostgreSQL. */
  sent(): Promise<void>;
  onEvent(listener: (notice: EventNotice) => void): void;
  /** Called after the listening connection came back from a gap. */
  onReconnect(listener: () => void): void;
  /** Resolves once the listening connection is up (for tests and start-up). */
  listening(): Promise<void>;
}

const buses = new WeakMap<Database, InstanceBus>();

/** Sends a cache change to the other instances, when this Database has a bus (the app's). */
export function broadcastChange(db: Database, kind: string, argument = ''): void {
  buses.get(db)?.broadcast(kind, argument);
}

export function busOf(db: Database): InstanceBus | undefined {
  return buses.get(db);
}

export function createInstanceBus(
  db: Database,
  pool: pg.Pool,
  log: (message: string) => void = () => {},
  /** A direct connection for LISTEN when the pool goes through PgBouncer's transaction mode. */
  listenUrl?: string,
): InstanceBus {
  const instanceId = randomBytes(6).toString('hex');
  const eventListeners = new Set<(notice: EventNotice) => void>();
  const reconnectListeners = new Set<() => void>();
  let pending: string[] = [];
  let scheduled = false;
  let flushTimer: NodeJS.Timeout | null = null;
  let lastSequence = 0;
  let lastEchoed = 0;
  const echoWaiters = new Set<{ sequence: number; resolve: () => void }>();
  const inFlight = new Set<Promise<unknown>>();
  let client: pg.Client | null = null;
  let stopped = true;
  let connectedOnce = false;
  let backoff = RECONNECT_MIN_MS;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let ready: { promise: Promise<void>; resolve: () => void } = deferred();
  /** Other instances by id, with when each was last heard from (Date.now()). */
  const peers = new Map<string, number>();
  let listeningSince: number | null = null;
  let helloTimer: NodeJS.Timeout | null = null;
  let joinTimer: NodeJS.Timeout | null = null;

  function sayHello() {
    pool
      .query('select pg_notify($1, $2)', [INSTANCES_CHANNEL, instanceId])
      .catch((error: Error) => log(`instance bus could not say hello: ${error.message}`));
  }

  function heardFrom(id: string) {
    if (!/^[0-9a-f]{12}$/.test(id) || id === instanceId) return;
    const known = peers.has(id);
    peers.set(id, Date.now());
    // A newcomer learns of this instance at once, not at its next hello.
    if (!known) sayHello();
  }

  function isAlone(): boolean {
    if (listeningSince === null || Date.now() - listeningSince < JOINING_MS) return false;
    const oldest = Date.now() - 3 * HELLO_EVERY_MS;
    for (const [id, heard] of peers) if (heard < oldest) peers.delete(id);
    return peers.size === 0;
  }

  function handleChanges(payload: string) {
    const [sender = '', ...changes] = payload.split(' ');
    const [senderId, sequence] = sender.split('.');
    if (senderId === instanceId) return echoed(Number(sequence));
    for (const change of changes) changeHandlers.get(change[0] ?? '')?.(db, change.slice(1));
  }

  /**
   * The sender waits for its own notification to come back on its listening connection: the
   * other instances' connections are told at the same moment, so by then they have it too, and a
   * client going on to another instance with the answer finds the change applied there.
   */
  function untilEchoed(sequence: number): Promise<void> {
    if (sequence <= lastEchoed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        echoWaiters.delete(entry);
        resolve();
      }, ECHO_TIMEOUT_MS);
      timer.unref();
      const entry = {
        sequence,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      echoWaiters.add(entry);
    });
  }

  function echoed(sequence: number) {
    if (!Number.isSafeInteger(sequence)) return;
    lastEchoed = Math.max(lastEchoed, sequence);
    for (const waiter of echoWaiters) {
      if (waiter.sequence <= lastEchoed) {
        echoWaiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  function handleEvent(payload: string) {
    const [id, institutionId] = payload.split(':');
    const notice = { id: Number(id), institutionId: institutionId ?? '' };
    if (!Number.isSafeInteger(notice.id) || !notice.institutionId) return;
    for (const listener of eventListeners) listener(notice);
  }

  async function connect() {
    if (stopped) return;
    const next = new pg.Client(listenUrl ? { connectionString: listenUrl } : pool.options);
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) handleChanges(message.payload ?? '');
      else if (message.channel === EVENTS_CHANNEL) handleEvent(message.payload ?? '');
      else if (message.channel === INSTANCES_CHANNEL) heardFrom(message.payload ?? '');
    });
    // A lost connection ends with 'error' and/or 'end'; either schedules one reconnect.
    const lost = () => {
      if (client !== next) return;
      client = null;
      listeningSince = null;
      ready = deferred();
      scheduleReconnect();
    };
    next.on('error', (error) => {
      log(`instance bus connection lost: ${error.message}`);
      lost();
    });
    next.on('end', lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}; LISTEN ${EVENTS_CHANNEL}; LISTEN ${INSTANCES_CHANNEL}`);
    } catch (error) {
      log(`instance bus could not listen: ${error instanceof Error ? error.message : String(error)}`);
      next.end().catch(() => {});
      lost();
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    backoff = RECONNECT_MIN_MS;
    listeningSince = Date.now();
    sayHello();
    // Others may have skipped sending changes until they heard the hello: what this instance
    // cached before then is dropped once joining is over. Every other instance answers the hello
    // at once, so one that has heard none by then is alone and has nothing to drop.
    if (joinTimer) clearTimeout(joinTimer);
    joinTimer = setTimeout(() => {
      joinTimer = null;
      if (peers.size > 0) for (const handler of resyncHandlers) handler(db);
    }, JOINING_MS);
    joinTimer.unref();
    if (connectedOnce) {
      // Whatever other instances changed while this one was not listening is unknown: start over.
      for (const handler of resyncHandlers) handler(db);
      for (const listener of reconnectListeners) listener();
    }
    connectedOnce = true;
    ready.resolve();
  }

  function scheduleReconnect() {
    if (stopped || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, backoff);
    reconnectTimer.unref();
    backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
  }

  function flush() {
    scheduled = false;
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    const changes = pending;
    pending = [];
    const sends: string[][] = [[]];
    let length = 0;
    for (const change of changes) {
      if (length + change.length + 1 > MAX_PAYLOAD) {
        sends.push([]);
        length = 0;
      }
      sends.at(-1)!.push(change);
      length += change.length + 1;
    }
    for (const chunk of sends) {
      const sequence = ++lastSequence;
      const payload = [`${instanceId}.${sequence}`, ...chunk].join(' ');
      const sending = pool
        .query('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload])
        .then(() => (client ? untilEchoed(sequence) : undefined))
        .catch((error: Error) => log(`instance bus could not send: ${error.message}`))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
  }

  const bus: InstanceBus = {
    instanceId,
    async start() {
      stopped = false;
      buses.set(db, bus);
      helloTimer = setInterval(() => {
        if (client) sayHello();
      }, HELLO_EVERY_MS);
      helloTimer.unref();
      await connect();
    },
    async stop() {
      stopped = true;
      if (buses.get(db) === bus) buses.delete(db);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      if (helloTimer) clearInterval(helloTimer);
      if (joinTimer) clearTimeout(joinTimer);
      helloTimer = joinTimer = null;
      if (scheduled) flush();
      await Promise.all(inFlight);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
    broadcast(kind, argument) {
      if (stopped || isAlone()) return;
      const change = `${kind}${argument}`;
      if (pending.includes(change)) return;
      pending.push(change);
      if (!scheduled) {
        scheduled = true;
        // A request's changes are sent by its onSend hook (`sent()`), once its transaction has
        // committed: sent earlier, another instance could reload the old row and keep it. The
        // timer sends changes made outside a request.
        flushTimer = setTimeout(flush, FALLBACK_FLUSH_MS);
        flushTimer.unref();
      }
    },
    get busy() {
      return scheduled || inFlight.size > 0;
    },
    get alone() {
      return isAlone();
    },
    async sent() {
      if (scheduled) flush();
      await Promise.all(inFlight);
    },
    onEvent(listener) {
      eventListeners.add(listener);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
    },
    listening: () => ready.promise,
  };
  return bus;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
