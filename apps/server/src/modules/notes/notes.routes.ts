import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Students' notes on topics and on live sessions (learning §7). */
export const notesRoutes: FastifyPluginAsyncZod = async () => {};
