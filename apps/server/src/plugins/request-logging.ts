import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One line when a request comes in and one when it is answered, as Fastify's own request logging writes them
 * (same messages, `req` through the logger's serializer, `res.statusCode`, `responseTime`), except that the answered
 * line carries the method and path too (issue #19): the logs screen summarises each line on its own
 * ("POST /api/v1/adminLogin → 401 in 12 ms") without pairing it with the other.
 */
export const requestLogging = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    request.log.info({ req: request }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        req: request,
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });
});
