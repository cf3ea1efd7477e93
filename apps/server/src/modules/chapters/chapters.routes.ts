import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const chaptersRoutes: FastifyPluginAsyncZod = async () => {};
