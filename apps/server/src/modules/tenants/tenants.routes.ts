import type { FastifyPluginAsync } from 'fastify';
import { JOB_ID_HEADER, tenantsCalls as calls } from '@provisio/contract';
import { actorOf, callerOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { sendList } from '../../lib/list-query';
import { route } from '../../lib/route';
import { createTenant, listTenants, setTenantApp, startTenantSync } from './tenants.service';

export const tenantsRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.tenantList, async (req, reply) => {
    if (req.body?.sync) reply.header(JOB_ID_HEADER, String((await startTenantSync(deps, callerOf(req))).id));
    return sendList(reply, await listTenants(deps, callerOf(req), req.body ?? {}));
  });

  route(app, calls.updateAndGetTenants, async (req, reply) => {
    await setTenantApp(deps, actorOf(req), req.body);
    return sendList(reply, await listTenants(deps, callerOf(req), {}));
  });

  route(app, calls.createTenant, async (req) => {
    await createTenant(deps, actorOf(req), req.body);
    return { ok: true as const, message: t(req, 'dataSaved') };
  });
};
