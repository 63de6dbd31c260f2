import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateTenantBody, ErrorBody, JOB_ID_HEADER, OkReply, TenantList, TenantListBody, UpdateAndGetTenantsBody } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { sendList } from '../../lib/list-query';
import { createTenant, listTenants, setTenantApp, startTenantSync } from './tenants.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['tenants'];

export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/tenantList', {
    schema: {
      tags,
      summary: 'Tenants the caller may see, sorted by name; sync:true starts or joins a sync job (id in X-Job-Id)',
      body: TenantListBody.optional(),
      response: { 200: TenantList, 400: ErrorBody, 401: ErrorBody },
    },
    handler: async (req, reply) => {
      if (req.body?.sync) reply.header(JOB_ID_HEADER, String((await startTenantSync(deps, req.caller!)).id));
      return sendList(reply, await listTenants(deps, req.caller!, req.body ?? {}));
    },
  });

  app.post('/updateAndGetTenants', {
    schema: { tags, summary: "Tenant-level mobile/desktop app switch ('true'/'false'); replies with the refreshed tenants", body: UpdateAndGetTenantsBody, response: { 200: TenantList, ...errors } },
    handler: async (req, reply) => {
      await setTenantApp(deps, actorOf(req), req.body);
      return sendList(reply, await listTenants(deps, req.caller!, {}));
    },
  });

  app.post('/createTenant', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Add a tenant on the platform and in the portal (builtin platform)', body: CreateTenantBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await createTenant(deps, actorOf(req), req.body);
      return { ok: true as const, message: t(req, 'dataSaved') };
    },
  });
};
