import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    releaseTurn: (() => void) | null;
  }
  interface FastifyInstance {
    /**
     * preHandler: requests naming the same keys (e.g. a person's id) run one after another, each
     * until its answer has been sent, so answers arrive in the order the changes were made and the
     * last answer always tells the final state. The database's row locks keep the rows themselves
     * consistent across server instances; this keeps the answers in order within one.
     */
    oneAtATime(keysOf: (request: FastifyRequest) => string[]): preHandlerAsyncHookHandler;
  }
}

// A turn never outlives this, even if a request hangs, so one stuck request cannot block a key.
const MAX_TURN_MS = 30_000;

export const oneAtATimePlugin = fp(async (app: FastifyInstance) => {
  /** The end of the last queued turn per key. */
  const tails = new Map<string, Promise<void>>();

  async function takeTurn(keys: string[]): Promise<() => void> {
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const turn = Promise.race([
      done,
      new Promise<void>((resolve) => setTimeout(resolve, MAX_TURN_MS).unref()),
    ]);
    const before = keys.map((key) => tails.get(key) ?? Promise.resolve());
    for (const key of keys) tails.set(key, turn);
    // Forget a key once its last turn is over.
    void turn.then(() => {
      for (const key of keys) if (tails.get(key) === turn) tails.delete(key);
    });
    await Promise.all(before);
    return release;
  }

  app.decorateRequest('releaseTurn', null);
  app.decorate('oneAtATime', (keysOf: (request: FastifyRequest) => string[]): preHandlerAsyncHookHandler => {
    return async (request) => {
      const keys = [...new Set(keysOf(request))];
      if (keys.length > 0) request.releaseTurn = await takeTurn(keys);
    };
  });
  const release = async (request: FastifyRequest) => {
    request.releaseTurn?.();
    request.releaseTurn = null;
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
});
