import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const facultiesRoutes: FastifyPluginAsyncZod = async () => {};
