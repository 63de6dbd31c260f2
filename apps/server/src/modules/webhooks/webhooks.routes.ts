import type { FastifyPluginAsync } from 'fastify';
import { webhooksCalls as calls } from '@provisio/contract';
import { actorOf, callerOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { route } from '../../lib/route';
import { deliveryWorker } from './delivery-worker';
import * as webhooks from './webhooks.service';

/** Issue #18 item 3: signed webhooks. The delivery worker runs while the server listens (not in inject tests). */
export const webhooksRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  const worker = deliveryWorker(deps, app.log);
  app.addHook('onListen', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());

  route(app, calls.webhookEndpoints, (req) => webhooks.listEndpoints(deps, callerOf(req)));
  route(app, calls.webhookCreate, (req) => webhooks.createEndpoint(deps, actorOf(req), req.body));
  route(app, calls.webhookUpdate, (req) => webhooks.updateEndpoint(deps, actorOf(req), req.body));
  route(app, calls.webhookRotateSecret, (req) => webhooks.rotateSecret(deps, actorOf(req), req.body.id));
  route(app, calls.webhookDelete, async (req) => {
    await webhooks.removeEndpoint(deps, actorOf(req), req.body.id);
    return { ok: true as const, message: t(req, 'webhookDeleted') };
  });
  route(app, calls.webhookTest, async (req) => {
    const id = await webhooks.sendTestEvent(deps, actorOf(req), req.body.id);
    return { delivery_id: id, message: t(req, 'webhookTestQueued') };
  });
  route(app, calls.webhookDeliveries, (req) => webhooks.deliveryLog(deps, callerOf(req), req.body.id, req.body.limit));
};
