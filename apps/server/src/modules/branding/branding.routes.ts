import type { FastifyPluginAsync } from 'fastify';
import { brandingCalls as calls } from '@provisio/contract';
import { actorOf, callerOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { route } from '../../lib/route';
import * as branding from './branding.service';

export const brandingRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.getResellerBranding, (req) =>
    branding.getResellerBranding(deps, callerOf(req), req.body.reseller_id),
  );

  route(app, calls.saveResellerBranding, async (req) => ({
    branding: await branding.saveResellerBranding(deps, callerOf(req), actorOf(req), req.body),
    message: t(req, 'brandingSaved'),
  }));

  route(app, calls.myBranding, async (req) => ({ branding: await branding.myBranding(deps, callerOf(req)) }));

  route(app, calls.publicBranding, async (req) => ({
    branding: await branding.publicBranding(deps, req.host, req.body?.brand),
  }));
};
