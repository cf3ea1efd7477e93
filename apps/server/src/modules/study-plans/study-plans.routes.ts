import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const studyPlansRoutes: FastifyPluginAsyncZod = async () => {};
