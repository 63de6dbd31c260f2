import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateUpdateLicensesBody, ErrorBody, GetLicensesBody, LicencesReply, OkReply } from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { t } from '../../lib/i18n';
import * as licences from './licences.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['licences'];

export const licencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/getLicenses', {
    schema: { tags, summary: "A visible tenant's licence limits", body: GetLicensesBody, response: { 200: LicencesReply, ...errors } },
    handler: (req) => licences.getLicences(deps, actorOf(req), req.body.tenant_id),
  });

  app.post('/createUpdateLicenses', {
    config: { access: 'admin' },
    schema: { tags, summary: "Set a tenant's five licence limits (recorded as changed by the caller)", body: CreateUpdateLicensesBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await licences.saveLicences(deps, actorOf(req), req.body);
      return { ok: true as const, message: t(req, 'dataSaved') };
    },
  });
};
