import type { FastifyPluginAsync } from 'fastify';
import { domainsCalls as calls } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { sendList } from '../../lib/list-query';
import { route } from '../../lib/route';
import * as domains from './domains.service';

/** Any signed-in caller, limited to the tenants they may see. */
export const domainsRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.domainSummary, async (req, reply) =>
    sendList(reply, await domains.listDomains(deps, actorOf(req), req.body ?? {})),
  );

  route(app, calls.domainDetail, (req) => domains.getDomain(deps, actorOf(req), req.body.id));

  route(app, calls.createUpdateDomain, async (req) => ({
    id: await domains.saveDomain(deps, actorOf(req), req.body),
    message: t(req, 'dataSaved'),
  }));

  route(app, calls.deleteDomainDetail, async (req) => {
    await domains.deleteDomain(deps, actorOf(req), req.body.id);
    return { ok: true as const, message: t(req, 'recordDeleted') };
  });
};
