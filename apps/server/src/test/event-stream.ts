import type { FastifyInstance } from 'fastify';

export interface ReceivedEvent {
  id: string | null;
  event: string;
  data: Record<string, unknown>;
}

/** The app's address, listening on a free loopback port (streams need a real socket, not inject). */
export async function addressOf(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * A fetch-based event-stream client, as the web's: the bearer header, `Last-Event-ID` on
 * reconnect. Collects the events (comments are counted apart) until closed.
 */
export async function openEventStream(base: string, token: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  let comments = 0;
  const waiters = new Set<() => void>();
  const done = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { value, done: ended } = await reader.read();
        if (ended) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments++;
            const colon = line.indexOf(':');
            if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
          }
          if (fields.event) {
            events.push({
              id: fields.id ?? null,
              event: fields.event,
              data: JSON.parse(fields.data ?? '{}'),
            });
          }
          for (const wake of waiters) wake();
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  })();

  /** Resolves with the first event matching, waiting at most `timeoutMs`. */
  function waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs = 3000): Promise<ReceivedEvent> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });
  }

  return {
    status: response.status,
    headers: response.headers,
    events,
    comments: () => comments,
    waitFor,
    /** The kinds received (the `ready` event left out). */
    kinds: () => events.filter((event) => event.event !== 'ready').map((event) => event.event),
    async close() {
      controller.abort();
      await done;
    },
  };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
