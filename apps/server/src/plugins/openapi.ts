import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the same zod schemas the routes validate with. */
export const openapi = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Provisio API',
        version: '0.1.0',
        description:
          'Calls under /api/v1. Send the session token in the `Token` header, or an API key (issue #18: created in ' +
          "the portal's API keys screen, `pvk_…`) as `Authorization: Bearer <key>`. A key may make the calls of " +
          'its scope that its class allows (docs/security.md, "API keys"); each reply to a key carries ' +
          '`RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`, and past the limit a 429 with `Retry-After`.',
      },
      components: {
        securitySchemes: {
          Token: { type: 'apiKey', in: 'header', name: 'Token', description: 'A portal session token (adminLogin)' },
          Bearer: { type: 'http', scheme: 'bearer', description: 'An API key (pvk_…), sent as a Bearer token' },
        },
      },
      security: [{ Token: [] }, { Bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });
});
