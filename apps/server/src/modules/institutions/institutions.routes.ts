import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const institutionsRoutes: FastifyPluginAsyncZod = async () => {};
