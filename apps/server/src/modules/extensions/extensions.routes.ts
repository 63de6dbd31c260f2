import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppUsageBody, AppUsageReply, CheckDuplicateEmailsBody, CreateExtensionBody, DeleteExtensionBody, ExtensionCreatedReply, DuplicateEmailList, EditUserDetailsBody,
  ErrorBody, ExtensionList, SetSipPasswordBody, ExtensionsExportBody, ExtensionsExportReply, ExtensionsImportBody, GetExtensionsBody, GetRemoteDomainsBody, GetUserDetailsBody,
  IMPORT_MAX_BYTES, ImportPreview, JOB_ID_HEADER, OkReply, RemoteDomainList, UpdateAndGetExtensionBody, UserDetails,
} from '@provisio/contract';
import { actorOf } from '../../lib/audit';
import { requestLanguage, t } from '../../lib/i18n';
import { sendList } from '../../lib/list-query';
import * as ext from './extensions.service';
import { exportExtensions, importExtensions } from './extensions.import';
import { setSipPassword } from './extensions.sip';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['extensions'];

export const extensionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/getExtensions', {
    schema: { tags, summary: "A tenant's extensions; search/sort/limit/offset page them (total in X-Total-Count); sync starts a sync job (X-Job-Id)", body: GetExtensionsBody, response: { 200: ExtensionList, ...errors } },
    handler: async (req, reply) => {
      const { tenant_id, sync, ...params } = req.body;
      if (sync) reply.header(JOB_ID_HEADER, String((await ext.startExtensionSync(deps, req.caller!, tenant_id)).id));
      return sendList(reply, await ext.getExtensions(deps, req.caller!, tenant_id, params));
    },
  });

  app.post('/getAppUsage', {
    schema: { tags, summary: 'Mobile and desktop app use against the licence limits of a tenant', body: AppUsageBody, response: { 200: AppUsageReply, ...errors } },
    handler: (req) => ext.getAppUsage(deps, req.caller!, req.body.tenant_id),
  });

  app.post('/getRemoteDomains', {
    schema: { tags, summary: "A tenant's (domain, site) pairs; sync starts a sync job (X-Job-Id)", body: GetRemoteDomainsBody, response: { 200: RemoteDomainList, ...errors } },
    handler: async (req, reply) => {
      if (req.body.sync) reply.header(JOB_ID_HEADER, String((await ext.startExtensionSync(deps, req.caller!, req.body.tenant_id)).id));
      return ext.getRemoteDomains(deps, req.caller!, req.body.tenant_id);
    },
  });

  app.post('/updateAndGetExtension', {
    schema: { tags, summary: "Per-extension mobile/desktop app switch ('true'/'false'), within the licence limit; replies with the refreshed extensions", body: UpdateAndGetExtensionBody, response: { 200: ExtensionList, ...errors } },
    handler: async (req, reply) => {
      const { id, tenant_id, column_name, value, user_id, cloud_id, ...params } = req.body;
      await ext.setExtensionApp(deps, actorOf(req), { id, tenant_id, column_name, value, user_id, cloud_id });
      return sendList(reply, await ext.getExtensions(deps, req.caller!, tenant_id, params));
    },
  });

  app.post('/getUserDetails', {
    schema: { tags, summary: "An extension's user details", body: GetUserDetailsBody, response: { 200: UserDetails, ...errors } },
    handler: (req) => ext.getUserDetails(deps, req.caller!, req.body.tenant_id, req.body.extension),
  });

  app.post('/editUserDetails', {
    schema: { tags, summary: "Save an extension's user details; delink removes its app account", body: EditUserDetailsBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await ext.editUserDetails(deps, actorOf(req), req.body);
      return { ok: true as const, message: t(req, 'profileUpdated') };
    },
  });

  app.post('/checkDuplicateEmails', {
    schema: { tags, summary: 'Extensions with this email in one tenant or every visible tenant', body: CheckDuplicateEmailsBody, response: { 200: DuplicateEmailList, ...errors } },
    handler: (req) => ext.checkDuplicateEmails(deps, req.caller!, req.body.email, req.body.tenant_id || undefined),
  });

  app.post('/createExtension', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Add an extension on the platform and in the portal (SIP password generated, kept on the platform)', body: CreateExtensionBody, response: { 200: ExtensionCreatedReply, ...errors } },
    handler: async (req) => ({ ok: true as const, message: t(req, 'dataSaved'), id: await ext.createExtension(deps, actorOf(req), req.body) }),
  });

  app.post('/deleteExtension', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Remove an extension from the platform and the portal (its app account too)', body: DeleteExtensionBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await ext.deleteExtension(deps, actorOf(req), req.body.tenant_id, req.body.extension);
      return { ok: true as const, message: t(req, 'recordDeleted') };
    },
  });

  app.post('/setSipPassword', {
    config: { access: 'admin' },
    schema: { tags, summary: "Set (or, without password, regenerate) an extension's SIP password on the platform; never returned, the apps get it by provisioning", body: SetSipPasswordBody, response: { 200: OkReply, ...errors } },
    handler: async (req) => {
      await setSipPassword(deps, actorOf(req), req.body);
      return { ok: true as const, message: t(req, 'dataSaved') };
    },
  });

  app.post('/extensionsImport', {
    bodyLimit: IMPORT_MAX_BYTES,
    schema: { tags, summary: 'Check CSV rows (dry_run: preview only) and apply the valid ones in a job', body: ExtensionsImportBody, response: { 200: ImportPreview, ...errors } },
    handler: (req) => {
      const rows = Array.isArray(req.body) ? req.body : req.body.rows;
      const dryRun = !Array.isArray(req.body) && req.body.dry_run === true;
      return importExtensions(deps, actorOf(req), rows, dryRun, requestLanguage(req));
    },
  });

  app.post('/extensionsExport', {
    schema: { tags, summary: "A tenant's extensions under the ten CSV headers, with the file name", body: ExtensionsExportBody, response: { 200: ExtensionsExportReply, ...errors } },
    handler: (req) => exportExtensions(deps, req.caller!, req.body.tenant_id),
  });
};
