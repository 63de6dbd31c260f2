import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateUpdateDomainBody, CreatedReply, DomainList, DomainRow, DomainSummaryBody, ErrorBody, IdBody, OkReply } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { sendList } from '../../lib/list-query';
import * as domains from './domains.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['domains'];

/** Any signed-in caller, limited to the tenants they may see. */
export const domainsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/domainSummary', {
    schema: { tags, summary: 'Domains of the visible tenants; optional search, sort and paging', body: DomainSummaryBody.optional(), response: { 200: DomainList, ...errors } },
    handler: async (req, reply) => sendList(reply, await domains.listDomains(deps, actorOf(req), req.body ?? {})),
  });

  app.post('/domainDetail', {
    schema: { tags, summary: 'One domain', body: IdBody, response: { 200: DomainRow, ...errors } },
    handler: (req) => domains.getDomain(deps, actorOf(req), req.body.id),
  });

  app.post('/createUpdateDomain', {
    schema: { tags, summary: 'Add a domain, or change its name (extension and tenant are locked)', body: CreateUpdateDomainBody, response: { 200: CreatedReply, ...errors } },
    handler: async (req) => ({ id: await domains.saveDomain(deps, actorOf(req), req.body), message: t(req, 'dataSaved') }),
  });

  app.post('/deleteDomainDetail', {
    schema: { tags, summary: 'Delete a domain', body: IdBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await domains.deleteDomain(deps, actorOf(req), req.body.id);
      return { ok: true as const, message: t(req, 'recordDeleted') };
    },
  });
};
