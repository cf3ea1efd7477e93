import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Reading activity: impressions, time spent, the student's home lists and progress. */
export const learningRoutes: FastifyPluginAsyncZod = async () => {};
