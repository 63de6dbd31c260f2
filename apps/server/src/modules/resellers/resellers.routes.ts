import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateResellerTenantBody,
  CreateUpdateResellerBody,
  CreateUpdateResellerReply,
  CreatedReply,
  ErrorBody,
  GetResellerTenantsBody,
  IdBody,
  OkReply,
  ResellerList,
  ResellerSummaryBody,
  ResellerTenantList,
} from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { sendList } from '../../lib/list-query';
import * as resellers from './resellers.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const admin = { access: 'admin' } as const;
const tags = ['resellers'];

export const resellersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/resellerSummary', {
    config: admin,
    schema: { tags, summary: 'Resellers; optional search, sort and paging (total in X-Total-Count)', body: ResellerSummaryBody.optional(), response: { 200: ResellerList, ...errors } },
    handler: async (req, reply) => sendList(reply, await resellers.listResellers(deps, req.body ?? {})),
  });

  app.post('/createUpdateReseller', {
    config: admin,
    schema: { tags, summary: 'Create a reseller, or rename it when id is given', body: CreateUpdateResellerBody, response: { 200: CreateUpdateResellerReply, ...errors } },
    handler: async (req) => ({ id: await resellers.saveReseller(deps, actorOf(req), req.body), message: t(req, 'resellerSaved') }),
  });

  app.post('/deleteReseller', {
    config: admin,
    schema: { tags, summary: 'Delete a reseller with its tenant and user links', body: IdBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await resellers.deleteReseller(deps, actorOf(req), req.body.id);
      return { ok: true as const, message: t(req, 'recordDeleted') };
    },
  });

  app.post('/getResellerTenants', {
    config: admin,
    schema: { tags, summary: 'Tenants a reseller supervises', body: GetResellerTenantsBody, response: { 200: ResellerTenantList, ...errors } },
    handler: async (req, reply) => sendList(reply, await resellers.listResellerTenants(deps, req.body.reseller_id, req.body)),
  });

  app.post('/createUpdateResllerTenants', {
    config: admin,
    schema: { tags, summary: 'Let a reseller supervise a tenant (the spec spells the call this way)', body: CreateResellerTenantBody, response: { 200: CreatedReply, ...errors } },
    handler: async (req) => ({ id: await resellers.addResellerTenant(deps, actorOf(req), req.body), message: t(req, 'dataSaved') }),
  });

  app.post('/deleteResellerTenant', {
    config: admin,
    schema: { tags, summary: 'Stop a reseller supervising a tenant', body: IdBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await resellers.deleteResellerTenant(deps, actorOf(req), req.body.id);
      return { ok: true as const, message: t(req, 'recordDeleted') };
    },
  });
};
