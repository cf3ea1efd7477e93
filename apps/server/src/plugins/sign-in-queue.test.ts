import { MESSAGES } from '@portal/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { signInQueuePlugin } from './sign-in-queue.js';

describe('signInQueuePlugin', () => {
  it('verifies sign-ins one at a time (in order) while other routes pass freely', async () => {
    const app = Fastify();
    await app.register(signInQueuePlugin, { concurrency: 1 });
    let running = 0;
    let most = 0;
    const order: number[] = [];
    app.post<{ Body: { n: number } }>('/api/auth/login', async (request) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      order.push(request.body.n);
      return { ok: true };
    });
    app.get('/api/auth/me', async () => ({ running }));

    const signIns = [1, 2, 3, 4].map((n) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { n } }),
    );
    // A read during the queue is answered at once, with one sign-in running.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const read = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(read.json()).toEqual({ running: 1 });
    const answers = await Promise.all(signIns);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(most).toBe(1);
    expect(order).toEqual([1, 2, 3, 4]);
    await app.close();
  });

  it('turns sign-ins beyond the queue away with 503 and Retry-After, changing nothing for the queued', async () => {
    const app = Fastify();
    await app.register(signInQueuePlugin, { concurrency: 1, queueLimit: 2 });
    let handled = 0;
    app.post('/api/auth/login', async () => {
      handled += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { ok: true };
    });
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => app.inject({ method: 'POST', url: '/api/auth/login', payload: {} })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 503]);
    expect(answers[3]!.headers['retry-after']).toBe('2');
    // (The portal's error plugin shapes it; the bare app here shows the message as it is.)
    expect(answers[3]!.json().message).toBe(MESSAGES.signInBusy);
    expect(handled).toBe(3);
    await app.close();
  });
});
