import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, HealthReply, LANGUAGES, PublicConfigReply } from '@provisio/contract';
import { databaseUnavailable } from '../../lib/errors';

export const VERSION = '0.1.0';

/**
 * GET /api/health: for load balancers; answers 200 only when the database would take a write now, else 503 with
 * Retry-After (another process holds SQLite's lock, the database is read-only or unreachable). The probe (SQLite:
 * BEGIN IMMEDIATE, a no-op write, ROLLBACK; PostgreSQL: read-only or in recovery) runs at most once a second.
 */
export const healthRoute: FastifyPluginAsyncZod = async (app) => {
  // A probe's answer is shared for a second; its reason is logged once, not on every poll.
  let lastLogged: unknown = null;
  app.get('/api/health', {
    config: { access: 'public' },
    schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthReply, 503: ErrorBody } },
    handler: async (request) => {
      const problem = await app.deps.db.writeProblem();
      if (problem) {
        if (problem !== lastLogged) request.log.warn({ err: problem }, 'health: the database cannot be written');
        lastLogged = problem;
        throw databaseUnavailable(problem);
      }
      return { status: 'ok' as const, database: app.deps.db.dialect };
    },
  });
};

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/publicConfig', {
    config: { access: 'public' },
    schema: { tags: ['system'], summary: 'What the sign-in page needs to know (beyond the spec)', response: { 200: PublicConfigReply } },
    handler: async () => ({ cloud_id: app.deps.config.CLOUD_ID, languages: [...LANGUAGES], version: VERSION, monitor_base_url: app.deps.config.MONITOR_BASE_URL }),
  });
};
