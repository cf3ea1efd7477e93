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
});
