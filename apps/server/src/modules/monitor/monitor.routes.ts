import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CallActionsBody, CallActionsReply, ErrorBody, LIMITS, MonitorParams, MonitorSessionParams, OkReply, SDP_MAX_BYTES } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { MonitorService, listChannels } from './monitor.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody };
const tags = ['monitor'];
const TenantQuery = z.strictObject({ tenant_id: z.string().max(LIMITS.shortTextMax).optional() });

/**
 * The call-monitoring service (spec §7), WHEP-style: POST an SDP offer, get 201 with the answer and a Location
 * to DELETE. Needs a portal session (Token) of an admin or reseller user who sees the call's tenant; deviation
 * from spec §2, where /testSDP is public.
 */
export const monitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const monitor = new MonitorService(deps);
  app.addHook('onClose', () => monitor.closeAll());
  // The offer is raw SDP text; the parser lives in this plugin only.
  app.addContentTypeParser('application/sdp', { parseAs: 'string', bodyLimit: SDP_MAX_BYTES }, (_req, body, done) => done(null, body));

  app.post('/callActions', {
    schema: { tags, summary: 'list_active_channels: active calls of the tenants the caller sees', body: CallActionsBody, response: { 200: CallActionsReply, ...errors } },
    handler: (req) => listChannels(deps, req.caller!, req.body.tenant_id),
  });

  app.post('/monitor/:callId', {
    schema: { tags, summary: 'Listen in: an application/sdp offer in, the SDP answer out (201, Location)', params: MonitorParams, querystring: TenantQuery, consumes: ['application/sdp'] },
    handler: async (req, reply) => {
      if (!(req.headers['content-type'] ?? '').startsWith('application/sdp') || typeof req.body !== 'string') throw new AppError('unsupported_media_type', 'unsupportedMediaType');
      const { session, answer } = await monitor.start(actorOf(req), req.params.callId, req.body, req.query.tenant_id);
      const location = `/api/v1/monitor/${encodeURIComponent(req.params.callId)}/${session}`;
      return reply.code(201).header('location', location).header('access-control-expose-headers', 'Location').type('application/sdp').send(answer);
    },
  });

  app.delete('/monitor/:callId/:session', {
    schema: { tags, summary: 'Stop listening (WHEP teardown)', params: MonitorSessionParams, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await monitor.stopBy(req.caller!, req.params.callId, req.params.session);
      return { ok: true as const, message: t(req, 'listenStopped') };
    },
  });
};
