import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The signed-in person's profile, subjects, teachers and students. */
export const profileRoutes: FastifyPluginAsyncZod = async () => {};
