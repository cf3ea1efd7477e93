import {
  demoVideoSchema,
  envelope,
  errorBodySchema,
  languageBodySchema,
  uiLanguageSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.js';
import { setCallerLanguage } from '../../plugins/language.js';
import { defaultDemoVideosRoutes } from './default-demo-videos.routes.js';
import { demoVideoFor, setOwnLanguage } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(defaultDemoVideosRoutes);

  app.get(
    '/api/users/me/demo-video',
    {
      onRequest: app.requireAuth(),
      schema: {
        tags: ['users'],
        description:
          "The caller's demo video: for students and faculty the one their institution set for their " +
          "role, else (and for moderators and owners) the portal's own recording of the role's screens, " +
          "with its captions: a WebVTT track per language (none for an institution's own video).",
        response: {
          200: envelope(demoVideoSchema),
          401: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await demoVideoFor(app.deps, caller(request)) }),
  );

  app.patch(
    '/api/users/me/language',
    {
      onRequest: app.requireAuth(),
      schema: {
        tags: ['users'],
        description:
          'The language the signed-in person reads the portal in (en, hi, ta, bn), kept on the account: ' +
          'every device, e-mail and document follows it. Answers from this request on are in it.',
        body: languageBodySchema,
        response: {
          200: envelope(z.object({ language: uiLanguageSchema })),
          400: errorBodySchema,
          401: errorBodySchema,
        },
      },
    },
    async (request) => {
      const language = await setOwnLanguage(app.deps, caller(request), request.body.language);
      setCallerLanguage(request, language);
      return { data: { language } };
    },
  );
};
