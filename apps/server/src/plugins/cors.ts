import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const ALLOW_METHODS = 'GET, HEAD, POST, DELETE';
const ALLOW_HEADERS = 'Content-Type, Token, Accept-Language';
const EXPOSE_HEADERS = 'X-Total-Count, X-Job-Id, Location';

/**
 * Cross-origin access, closed unless CORS_ORIGINS lists the origins allowed: only those get the CORS headers and an
 * answer to a preflight; any other origin (and every origin by default) gets none, so browsers block the call.
 * Sessions travel in the Token header, never in cookies, so credentials are never allowed.
 */
export const cors = fp(async (app: FastifyInstance) => {
  const allowed = new Set(app.deps.config.corsOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (allowed.size === 0) return;
    reply.header('vary', 'Origin');
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply
        .status(204)
        .header('access-control-allow-methods', ALLOW_METHODS)
        .header('access-control-allow-headers', ALLOW_HEADERS)
        .header('access-control-max-age', '600')
        .send();
    }
    reply.header('access-control-expose-headers', EXPOSE_HEADERS);
  });
});
