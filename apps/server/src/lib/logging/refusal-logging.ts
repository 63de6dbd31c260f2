import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { redactUrl } from '../logger';

// Refusals worth an operator's attention (failed sign-ins, role refusals, throttling); other 4xx are info.
// platform_unreachable: a telephony part (Kamailio's RPC, rtpengine) does not answer; the operator must see it.
const WARN_CODES = new Set([
  'invalid_credentials',
  'not_signed_in',
  'forbidden',
  'too_many_attempts',
  'platform_unreachable',
]);

/**
 * Logs every refused call (an AppError of 4xx) with its code, so a failed sign-in can be found in the logs.
 * 5xx are logged with their stack by the error handler.
 */
export const refusalLogging = fp(async (app: FastifyInstance) => {
  app.addHook('onError', async (request, _reply, err) => {
    if (!(err instanceof AppError) || err.status >= 500) return;
    const route = request.routeOptions.url ?? redactUrl(request.url);
    const level = WARN_CODES.has(err.code) ? 'warn' : 'info';
    request.log[level](
      { code: err.code, status: err.status, route, reason: err.messageKey },
      `${request.method} ${route} refused: ${err.code}`,
    );
  });
});
