import type { FastifyPluginAsync } from 'fastify';
import { viewAsCalls as calls } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { route } from '../../lib/route';
import * as viewAs from './view-as.service';

/** Issue #18 item 4: an administrator views the portal as a reseller user or a simple user, audited. */
export const viewAsRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.viewAs, (req) => viewAs.startViewing(deps, actorOf(req), req.body, req.headers['user-agent'] ?? ''));

  route(app, calls.stopViewing, async (req) => {
    await viewAs.stopViewing(deps, actorOf(req));
    return { ok: true as const, message: t(req, 'viewAsStopped') };
  });
};
