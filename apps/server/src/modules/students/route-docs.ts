import { errorBodySchema } from '@portal/shared';

export const failures = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
export const docs = { tags: ['students'] };
