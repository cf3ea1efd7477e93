import { READY_EVENT, RESYNC_EVENT } from '@portal/shared/schemas/events';
import { createParser } from 'eventsource-parser';

/** Where the stream is: `open` once the server's `ready` arrived; `down` after a failed attempt. */
export type StreamStatus = 'connecting' | 'open' | 'down';

export interface EventStreamOptions {
  url: string;
  /** The bearer token, read at each attempt (null: stop, the session has ended). */
  token: () => string | null;
  /** An event of a kind the portal sends, with its parsed `data:`. */
  onEvent: (kind: string, data: unknown) => void;
  /**
   * The stream cannot say what was missed (a `resync`, or a reopening without an event id to
   * resume from): everything shown must be read again.
   */
  onResync: () => void;
  onStatus: (status: StreamStatus) => void;
  /** The server refused the token (401): the session is over, and so is the stream. */
  onUnauthorized: () => void;
  /** First wait after a failure; doubled per failure up to `maxDelayMs`, with jitter. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  fetch?: typeof fetch;
  random?: () => number;
}

export interface EventStream {
  close(): void;
}

const DEFAULT_INITIAL_DELAY_MS = 1_000;
const DEFAULT_MAX_DELAY_MS = 30_000;

/** The wait before attempt `failures` + 1: exponential, capped, with up to 50% jitter so tabs spread out. */
export function backoffDelay(failures: number, initialMs: number, maxMs: number, random: () => number) {
  const base = Math.min(maxMs, initialMs * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.5 + random() / 2));
}

/**
 * A Server-Sent Events client over `fetch`, because the browser's EventSource cannot send the
 * bearer header (decision 34: never the token in a URL). It reconnects by itself: after the server
 * ends a stream (it does every few minutes) at once with `Last-Event-ID`, after a failure with a
 * growing wait. Parsing is `eventsource-parser`'s.
 */
export function openEventStream(options: EventStreamOptions): EventStream {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const random = options.random ?? Math.random;
  const initialDelay = options.initialDelayMs ?? DEFAULT_INITIAL_DELAY_MS;
  const maxDelay = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  let closed = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastEventId: string | null = null;
  let failures = 0;
  let openedBefore = false;

  const schedule = (delayMs: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delayMs);
  };

  const fail = () => {
    failures += 1;
    options.onStatus('down');
    schedule(backoffDelay(failures, initialDelay, maxDelay, random));
  };

  async function connect() {
    const token = options.token();
    if (closed || !token) return;
    options.onStatus('connecting');
    controller = new AbortController();
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    let response: Response;
    try {
      response = await doFetch(options.url, { headers, signal: controller.signal, cache: 'no-store' });
    } catch {
      if (!closed) fail();
      return;
    }
    if (response.status === 401) {
      closed = true;
      options.onStatus('down');
      options.onUnauthorized();
      return;
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !response.body || !type.includes('text/event-stream')) {
      await response.body?.cancel().catch(() => undefined);
      if (!closed) fail();
      return;
    }

    let ready = false;
    const parser = createParser({
      onEvent(message) {
        if (message.id) lastEventId = message.id;
        if (message.event === READY_EVENT) {
          ready = true;
          failures = 0;
          options.onStatus('open');
          // Reopened with nothing to resume from: what changed in between is unknown.
          if (openedBefore && !lastEventId) options.onResync();
          openedBefore = true;
          return;
        }
        if (message.event === RESYNC_EVENT) {
          options.onResync();
          return;
        }
        let data: unknown = null;
        try {
          data = message.data ? JSON.parse(message.data) : null;
        } catch {
          data = null;
        }
        options.onEvent(message.event ?? 'message', data);
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      while (true) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      // The connection broke (or was closed): handled below.
    }
    if (closed) return;
    // The server ends every stream after a few minutes: reopen at once, resuming from the last id.
    if (ready) schedule(0);
    else fail();
  }

  void connect();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
    },
  };
}
