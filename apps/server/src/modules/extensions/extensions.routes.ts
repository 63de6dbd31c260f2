import type { FastifyPluginAsync } from 'fastify';
import { IMPORT_MAX_BYTES, JOB_ID_HEADER, extensionsCalls as calls } from '@provisio/contract';
import { actorOf, callerOf } from '../../lib/audit';
import { requestLanguage, t } from '../../lib/i18n';
import { sendList } from '../../lib/list-query';
import { route } from '../../lib/route';
import * as ext from './extensions.service';
import { exportExtensions, importExtensions } from './extensions.import';
import { setSipPassword } from './extensions.sip';
import { setExtensionsApp } from './bulk-app';

export const extensionsRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.getExtensions, async (req, reply) => {
    const { tenant_id, sync, ...params } = req.body;
    if (sync) reply.header(JOB_ID_HEADER, String((await ext.startExtensionSync(deps, callerOf(req), tenant_id)).id));
    return sendList(reply, await ext.getExtensions(deps, callerOf(req), tenant_id, params));
  });

  route(app, calls.getAppUsage, (req) => ext.getAppUsage(deps, callerOf(req), req.body.tenant_id));

  route(app, calls.getRemoteDomains, async (req, reply) => {
    if (req.body.sync)
      reply.header(JOB_ID_HEADER, String((await ext.startExtensionSync(deps, callerOf(req), req.body.tenant_id)).id));
    return ext.getRemoteDomains(deps, callerOf(req), req.body.tenant_id);
  });

  route(app, calls.updateAndGetExtension, async (req, reply) => {
    const { id, tenant_id, column_name, value, user_id, cloud_id, ...params } = req.body;
    await ext.setExtensionApp(deps, actorOf(req), { id, tenant_id, column_name, value, user_id, cloud_id });
    return sendList(reply, await ext.getExtensions(deps, callerOf(req), tenant_id, params));
  });

  route(app, calls.updateExtensionsApp, async (req) => {
    const changed = await setExtensionsApp(deps, actorOf(req), req.body);
    return { ok: true as const, message: t(req, 'appsUpdated', { count: changed }), changed };
  });

  route(app, calls.getUserDetails, (req) =>
    ext.getUserDetails(deps, callerOf(req), req.body.tenant_id, req.body.extension),
  );

  route(app, calls.editUserDetails, async (req) => {
    await ext.editUserDetails(deps, actorOf(req), req.body);
    return { ok: true as const, message: t(req, 'profileUpdated') };
  });

  route(app, calls.checkDuplicateEmails, (req) =>
    ext.checkDuplicateEmails(deps, callerOf(req), req.body.email, req.body.tenant_id || undefined),
  );

  route(app, calls.createExtension, async (req) => ({
    ok: true as const,
    message: t(req, 'dataSaved'),
    id: await ext.createExtension(deps, actorOf(req), req.body),
  }));

  route(app, calls.deleteExtension, async (req) => {
    await ext.deleteExtension(deps, actorOf(req), req.body.tenant_id, req.body.extension);
    return { ok: true as const, message: t(req, 'recordDeleted') };
  });

  route(app, calls.setSipPassword, async (req) => {
    await setSipPassword(deps, actorOf(req), req.body);
    return { ok: true as const, message: t(req, 'dataSaved') };
  });

  route(
    app,
    calls.extensionsImport,
    (req) => {
      const rows = Array.isArray(req.body) ? req.body : req.body.rows;
      const dryRun = !Array.isArray(req.body) && req.body.dry_run === true;
      return importExtensions(deps, actorOf(req), rows, dryRun, requestLanguage(req));
    },
    { bodyLimit: IMPORT_MAX_BYTES },
  );

  route(app, calls.extensionsExport, (req) => exportExtensions(deps, callerOf(req), req.body.tenant_id));
};
