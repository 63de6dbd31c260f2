import type { FastifyPluginAsync } from 'fastify';
import { licencesCalls as calls } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import { route } from '../../lib/route';
import * as licences from './licences.service';

export const licencesRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.getLicenses, (req) => licences.getLicences(deps, actorOf(req), req.body.tenant_id));

  route(app, calls.createUpdateLicenses, async (req) => {
    await licences.saveLicences(deps, actorOf(req), req.body);
    return { ok: true as const, message: t(req, 'dataSaved') };
  });
};
