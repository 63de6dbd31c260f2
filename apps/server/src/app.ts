import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '@provisio/contract';
import type { Deps } from './deps';
import { JobQueue } from './lib/jobs';
import { createConnector } from './platform';
import { authPlugin } from './modules/auth/auth.plugin';
import { cors } from './plugins/cors';
import { errorHandler } from './plugins/error-handler';
import { openapi } from './plugins/openapi';
import { requestLogging } from './plugins/request-logging';
import { routeTable } from './plugins/route-table';
import { staticWeb } from './plugins/static-web';
import { authRoutes } from './modules/auth/auth.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { filesRoutes } from './modules/files/files.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { healthRoute, systemRoutes } from './modules/system/system.routes';
import { resellersRoutes } from './modules/resellers/resellers.routes';
import { brandingDecorator } from './modules/branding/branding-mail';
import { brandingRoutes } from './modules/branding/branding.routes';
import { resellerUsersRoutes } from './modules/reseller-users/reseller-users.routes';
import { usersRoutes } from './modules/users/users.routes';
import { viewAsRoutes } from './modules/view-as/view-as.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { domainsRoutes } from './modules/domains/domains.routes';
import { licencesRoutes } from './modules/licences/licences.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { tenantsRoutes } from './modules/tenants/tenants.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { logsRoutes } from './modules/logs/logs.routes';
import { extensionsRoutes } from './modules/extensions/extensions.routes';
import { appAccountsRoutes } from './modules/app-accounts/app-accounts.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { appAuthRoutes } from './modules/app-auth/app-auth.routes';
import { cdrsRoutes } from './modules/cdrs/cdrs.routes';
import { appSettingsRoutes } from './modules/app-settings/app-settings.routes';
import { monitorRoutes } from './modules/monitor/monitor.routes';
import { clientProfilesRoutes } from './modules/client-profiles/client-profiles.routes';
import { provisioningRoutes } from './modules/provisioning/provisioning.routes';
import { appActivationRoutes } from './modules/app-activation/app-activation.routes';
import { directoryRoutes } from './modules/directory/directory.routes';
import { linphoneRoutes } from './modules/linphone/linphone.routes';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { JOB_DEFINITIONS } from './modules/jobs/job-registry';
import { refusalLogging } from './lib/logging/refusal-logging';
import { replySerializerCompiler } from './lib/reply-serializer';

/** The API modules, each mounted under /api/v1. Later features add a line here. */
const API_MODULES = [
  systemRoutes,
  authRoutes,
  profileRoutes,
  filesRoutes,
  dashboardRoutes,
  mailRoutes,
  resellersRoutes,
  brandingRoutes,
  resellerUsersRoutes,
  usersRoutes,
  domainsRoutes,
  licencesRoutes,
  templatesRoutes,
  tenantsRoutes,
  auditRoutes,
  logsRoutes,
  extensionsRoutes,
  appAccountsRoutes,
  jobsRoutes,
  appAuthRoutes,
  cdrsRoutes,
  appSettingsRoutes,
  monitorRoutes,
  clientProfilesRoutes,
  provisioningRoutes,
  appActivationRoutes,
  directoryRoutes,
  linphoneRoutes,
  viewAsRoutes,
  twoFactorRoutes,
  apiKeysRoutes,
  webhooksRoutes,
];

/** Deps without the platform connector and job queue; buildApp adds them from the configuration. */
export type BaseDeps = Omit<Deps, 'connector' | 'jobs'> & Partial<Pick<Deps, 'connector' | 'jobs'>>;

/** Adds the configured platform connector (PLATFORM) and the job queue with every job type. */
export function completeDeps(base: BaseDeps, log: FastifyBaseLogger): Deps {
  const connector =
    base.connector ??
    createConnector(base.config.PLATFORM, base.db, {
      simulatedCalls: base.config.SIM_ACTIVE_CALLS,
      simulatedCallMinutes: base.config.SIM_CALL_MINUTES,
      config: base.config,
    });
  const jobs =
    base.jobs ??
    new JobQueue<Deps>(base.db, log, JOB_DEFINITIONS, () => deps, {
      pollMs: base.config.JOB_POLL_MS,
      leaseMs: base.config.JOB_LEASE_MS,
    });
  const deps: Deps = { ...base, connector, jobs };
  // What the database layer recovered from (a failed rollback, a dropped connection) goes to the server's log.
  base.db.warn = (err, msg) => log.warn({ err }, msg);
  return deps;
}

export async function buildApp(base: BaseDeps, log: FastifyBaseLogger): Promise<FastifyInstance> {
  const deps = completeDeps(base, log);
  const app = Fastify({
    loggerInstance: log,
    bodyLimit: LIMITS.jsonBodyMaxBytes,
    trustProxy: deps.config.TRUST_PROXY,
    // Unique across restarts, so getlogs' req_id filter finds one request's lines only.
    genReqId: () => randomUUID(),
    // Written by plugins/request-logging.ts instead, with the method and path on the answered line too.
    disableRequestLogging: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Lists are written from their compiled JSON schema, everything else through zod (lib/reply-serializer.ts).
  app.setSerializerCompiler(replySerializerCompiler);
  app.decorate('deps', deps);
  // Mail to a branded reseller's subscribers wears its brand (issue #19): sender, logo, colours, footer, links.
  deps.mailer.decorate(brandingDecorator(deps.config.publicUrl, deps.config.MAIL_FROM));
  // Only a connector this app made is closed with it (a test may pass one in and keep it).
  if (!base.connector) app.addHook('onClose', async () => deps.connector.close?.());
  // Calls take JSON (and multipart where stated); plain text is refused with 415 rather than misread.
  app.removeContentTypeParser('text/plain');

  await app.register(requestLogging);
  await app.register(routeTable);
  await app.register(errorHandler);
  await app.register(refusalLogging);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // Only the portal's own pages may frame it: the app draws a screen in a hidden frame of its own to keep the
        // boot view's copy (apps/web/src/lib/boot-view-prime.ts). Other sites still may not (clickjacking).
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only makes sense when the portal is reached over TLS (set by the proxy in front of it).
    hsts: deps.config.PUBLIC_URL?.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors);
  await app.register(multipart, { limits: { fileSize: LIMITS.imageMaxBytes, files: 1 } });
  await app.register(openapi);
  await app.register(authPlugin);
  await app.register(healthRoute);
  for (const mod of API_MODULES) await app.register(mod, { prefix: '/api/v1' });
  await app.register(staticWeb);
  return app;
}
