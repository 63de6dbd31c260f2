import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors';
import type { Access } from '../../lib/caller';
import { refuseInView } from '../view-as/view-as.limits';
import { authenticateApiKey, bearerOf } from '../api-keys/api-key-auth';
import { resolveSession, sessionLimits } from './sessions';

/**
 * Establishes request.caller from the `Token` header (a session) or an `Authorization: Bearer` API key (issue #18;
 * the key wins when both are sent) and enforces each route's `config.access` (default 'signed-in'), before the body
 * is validated, so an anonymous caller learns nothing about inputs.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('caller', null);
  const limits = sessionLimits(app.deps.config);
  app.addHook('onRequest', async (request, reply) => {
    // Unknown paths fall through to the 404 handler.
    if (!request.url.startsWith('/api/v1/') || request.routeOptions.url === undefined) return;
    const access: Access = request.routeOptions.config?.access ?? 'signed-in';
    const key = bearerOf(request.headers.authorization);
    const header = request.headers.token;
    const token = Array.isArray(header) ? header[0] : header;
    if (key !== undefined) request.caller = await authenticateApiKey(app.deps, request, reply, key);
    else if (token && token.length <= 200) request.caller = await resolveSession(app.deps.db, token, limits);
    if (access === 'public') return;
    if (!request.caller) throw new AppError('not_signed_in', 'notSignedIn');
    refuseInView(request.caller, request.routeOptions.url);
    if (access === 'admin' && request.caller.role !== 'admin') throw new AppError('forbidden', 'forbidden');
  });
});
