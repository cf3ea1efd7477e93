import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Doubts, replies and automated answers (learning §7, decisions 22 and 23). */
export const doubtsRoutes: FastifyPluginAsyncZod = async () => {};
