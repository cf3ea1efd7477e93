import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const topicsRoutes: FastifyPluginAsyncZod = async () => {};
