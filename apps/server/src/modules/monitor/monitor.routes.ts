import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  LIMITS,
  MonitorParams,
  MonitorSessionParams,
  SDP_MAX_BYTES,
  monitorCalls as calls,
  monitorPath,
} from '@provisio/contract';
import { actorOf, callerOf } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { route } from '../../lib/route';
import { MonitorService, listChannels } from './monitor.service';

const TenantQuery = z.strictObject({ tenant_id: z.string().max(LIMITS.shortTextMax).optional() });

/**
 * The call-monitoring service (spec §7), WHEP-style: POST an SDP offer, get 201 with the answer and a Location
 * to DELETE. Needs a portal session (Token) of an admin or reseller user who sees the call's tenant; deviation
 * from spec §2, where /testSDP is public.
 */
export const monitorRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  const monitor = new MonitorService(deps);
  app.addHook('onClose', () => monitor.closeAll());
  // The offer is raw SDP text; the parser lives in this plugin only.
  app.addContentTypeParser('application/sdp', { parseAs: 'string', bodyLimit: SDP_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  route(app, calls.callActions, (req) => listChannels(deps, callerOf(req), req.body.tenant_id));

  route(
    app,
    calls.monitor,
    async (req, reply) => {
      // The body is the raw offer (the parser above), so the declaration has no body schema.
      const body: unknown = req.body;
      if (!(req.headers['content-type'] ?? '').startsWith('application/sdp') || typeof body !== 'string')
        throw new AppError('unsupported_media_type', 'unsupportedMediaType');
      const { callId } = req.params as MonitorParams;
      const { session, answer } = await monitor.start(
        actorOf(req),
        callId,
        body,
        (req.query as z.output<typeof TenantQuery>).tenant_id,
      );
      const location = `/api/v1${monitorPath(calls.stopMonitor, { callId, session })}`;
      return reply
        .code(201)
        .header('location', location)
        .header('access-control-expose-headers', 'Location')
        .type('application/sdp')
        .send(answer);
    },
    { schema: { params: MonitorParams, querystring: TenantQuery, consumes: ['application/sdp'] } },
  );

  route(
    app,
    calls.stopMonitor,
    async (req) => {
      const { callId, session } = req.params as MonitorSessionParams;
      await monitor.stopBy(callerOf(req), callId, session);
      return { ok: true as const, message: t(req, 'listenStopped') };
    },
    { schema: { params: MonitorSessionParams } },
  );
};
