import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, HealthReply, LANGUAGES, PublicConfigReply } from '@provisio/contract';
import { ping } from '../../db/database';

export const VERSION = '0.1.0';

/** GET /api/health: for load balancers; answers 200 only when the database answers. */
export const healthRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', {
    config: { access: 'public' },
    schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthReply, 503: ErrorBody } },
    handler: async () => {
      await ping(app.deps.db);
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
