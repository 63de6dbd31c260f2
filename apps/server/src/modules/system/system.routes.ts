import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, HealthReply, LANGUAGES, systemCalls as calls } from '@provisio/contract';
import { AppError, databaseUnavailable } from '../../lib/errors';
import { route } from '../../lib/route';
import { pendingMigrations } from '../../migrations';

export const VERSION = '0.1.0';

/** Seconds a load balancer is asked to wait before probing a server whose database lacks migrations. */
const MIGRATIONS_RETRY_AFTER_S = 5;

/**
 * Health for load balancers and orchestrators (docs/build.md):
 * - GET /api/health/live: the process answers; never touches the database (a restart will not mend a database).
 * - GET /api/health/ready: this instance can serve: the database would take a write now and every migration of
 *   this version has run; else 503 with Retry-After. 503 is this probe's answer, not an error of the server.
 * - GET /api/health: as before /live and /ready existed (the database check alone), for existing monitors.
 * The write probe (SQLite: BEGIN IMMEDIATE, a no-op write, ROLLBACK; PostgreSQL: read-only or in recovery) runs
 * at most once a second, whoever asks.
 */
export const healthRoute: FastifyPluginAsyncZod = async (app) => {
  // A probe's answer is shared for a second; its reason is logged once, not on every poll.
  let lastLogged: unknown = null;
  const databaseCheck = async (request: FastifyRequest) => {
    const problem = await app.deps.db.writeProblem();
    if (!problem) return;
    if (problem !== lastLogged) request.log.warn({ err: problem }, 'health: the database cannot be written');
    lastLogged = problem;
    throw databaseUnavailable(problem);
  };
  // Migrations only go forward: once all have run they stay run, so the check stops querying.
  let migrated = false;
  const migrationsCheck = async () => {
    if (migrated) return;
    const pending = await pendingMigrations(app.deps.db).catch((err: unknown) => {
      throw databaseUnavailable(err);
    });
    if (pending.length)
      throw new AppError(
        'service_unavailable',
        'serviceUnavailable',
        {},
        { 'retry-after': String(MIGRATIONS_RETRY_AFTER_S) },
      );
    migrated = true;
  };
  const ok = () => ({ status: 'ok' as const, database: app.deps.db.dialect });

  app.get('/api/health', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Database check (kept for existing monitors; see /api/health/ready)',
      response: { 200: HealthReply, 503: ErrorBody },
    },
    handler: async (request) => {
      await databaseCheck(request);
      return ok();
    },
  });
  app.get('/api/health/live', {
    config: { access: 'public' },
    schema: { tags: ['system'], summary: 'Liveness: the process answers', response: { 200: HealthReply } },
    handler: async () => ok(),
  });
  app.get('/api/health/ready', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Readiness: database writable and migrations applied, else 503',
      response: { 200: HealthReply, 503: ErrorBody },
    },
    handler: async (request) => {
      await databaseCheck(request);
      await migrationsCheck();
      return ok();
    },
  });
};

export const systemRoutes: FastifyPluginAsync = async (app) => {
  route(app, calls.publicConfig, () => ({
    cloud_id: app.deps.config.CLOUD_ID,
    languages: [...LANGUAGES],
    version: VERSION,
    monitor_base_url: app.deps.config.MONITOR_BASE_URL,
  }));
};
