import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, PRODUCT_NAME } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

const MULTIPART_FILE = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary' } },
};

/**
 * The OpenAPI document is generated from the route schemas: /api/docs (UI) and /api/docs/json.
 * With API_DOCS=off it is still built (tests walk it through `app.swagger()`) but not published.
 */
export const swaggerPlugin = fp(async (app: FastifyInstance, options: { publish: boolean }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      // A multipart upload is read by the handler, not validated as a body; the document still
      // says what it takes (the portal's one multipart route takes a single part, `file`).
      if (input.schema?.consumes?.includes('multipart/form-data') && !output.schema.body) {
        output.schema.body = MULTIPART_FILE;
      }
      return output;
    },
    // Recursive schemas (rich text) are components the operations refer to.
    transformObject: jsonSchemaTransformObject,
  });
  if (options.publish) await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
