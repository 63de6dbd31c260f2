import type { FastifyPluginAsync } from 'fastify';
import { resellersCalls as calls } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { sendList } from '../../lib/list-query';
import { route } from '../../lib/route';
import * as resellers from './resellers.service';

export const resellersRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.resellerSummary, async (req, reply) =>
    sendList(reply, await resellers.listResellers(deps, req.body ?? {})),
  );

  route(app, calls.createUpdateReseller, async (req) => ({
    id: await resellers.saveReseller(deps, actorOf(req), req.body),
    message: t(req, 'resellerSaved'),
  }));

  route(app, calls.deleteReseller, async (req) => {
    await resellers.deleteReseller(deps, actorOf(req), req.body.id);
    return { ok: true as const, message: t(req, 'recordDeleted') };
  });

  route(app, calls.getResellerTenants, async (req, reply) =>
    sendList(reply, await resellers.listResellerTenants(deps, req.body.reseller_id, req.body)),
  );

  route(app, calls.createUpdateResllerTenants, async (req) => ({
    id: await resellers.addResellerTenant(deps, actorOf(req), req.body),
    message: t(req, 'dataSaved'),
  }));

  route(app, calls.deleteResellerTenant, async (req) => {
    await resellers.deleteResellerTenant(deps, actorOf(req), req.body.id);
    return { ok: true as const, message: t(req, 'recordDeleted') };
  });
};
