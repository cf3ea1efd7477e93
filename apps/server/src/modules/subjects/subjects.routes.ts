import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const subjectsRoutes: FastifyPluginAsyncZod = async () => {};
