import { MESSAGES } from '@portal/shared';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/** Sign-ins waiting beyond this are turned away at once (503) instead of waiting ever longer. */
export const SIGN_IN_QUEUE_LIMIT = 200;

/**
 * Sign-ins are verified a few at a time; the rest wait their turn, in order. Each verification is
 * an argon2 hash (~20 ms of CPU on libuv's thread pool): fifty arriving in a second would
 * otherwise take every core at once from the requests of the people already signed in. With a
 * bound, a burst of sign-ins (a class starting) queues for a moment instead of stalling the
 * school's reading. The queue is bounded: a flood cannot hold the memory of an endless line or make
 * a real sign-in wait minutes; beyond the bound the answer is 503 with `Retry-After`.
 */
export const signInQueuePlugin = fp(
  async (app, options: { concurrency: number; path?: string; queueLimit?: number }) => {
    const queueLimit = options.queueLimit ?? SIGN_IN_QUEUE_LIMIT;
    const path = options.path ?? '/api/auth/login';
    let active = 0;
    const waiting: (() => void)[] = [];
    app.decorate('signInQueue', { active: () => active, waiting: () => waiting.length });

    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'POST' || request.routeOptions.url !== path) return done();
      const admit = () => {
        // A client that left while waiting takes no turn.
        if (reply.raw.destroyed) return void waiting.shift()?.();
        active += 1;
        // 'close' comes once the answer is sent or the connection is gone, whichever happens.
        reply.raw.once('close', () => {
          active -= 1;
          waiting.shift()?.();
        });
        done();
      };
      if (active < options.concurrency) admit();
      else if (waiting.length < queueLimit) waiting.push(admit);
      else {
        reply.header('retry-after', '2');
        done(new AppError(503, 'BUSY', MESSAGES.signInBusy));
      }
    });
  },
  { name: 'sign-in-queue' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-ins being verified and waiting their turn (for /metrics). */
    signInQueue: { active(): number; waiting(): number };
  }
}
