import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The tenant a request is about, when its body names one (`tenant_id`, or `tid` for the tenant calls). */
function tenantOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as { tenant_id?: unknown; tid?: unknown };
  const tenant = typeof b.tenant_id === 'string' ? b.tenant_id : typeof b.tid === 'string' ? b.tid : undefined;
  const trimmed = tenant?.trim();
  return trimmed && trimmed.length <= 253 ? trimmed : undefined;
}

/**
 * One line when a request comes in and one when it is answered, as Fastify's own request logging writes them
 * (same messages, `req` through the logger's serializer, `res.statusCode`, `responseTime`), except that the answered
 * line carries the method and path too (issue #19): the logs screen summarises each line on its own
 * ("POST /api/v1/adminLogin → 401 in 12 ms") without pairing it with the other, and the tenant its body names
 * (`tenant`), so the logs can be filtered by tenant.
 */
export const requestLogging = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    request.log.info({ req: request }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const tenant = tenantOf(request.body);
    request.log.info(
      {
        req: request,
        ...(tenant ? { tenant } : {}),
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });
});
