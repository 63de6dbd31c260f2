import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardReply, ErrorBody, callerEcho } from '@provisio/contract';
import { z } from 'zod';
import { dashboardSummary } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/dashboardSummary', {
    schema: {
      tags: ['dashboard'],
      summary: 'Counts of resellers, tenants and extensions the caller may see (beyond the spec)',
      body: z.strictObject({ ...callerEcho }).optional(),
      response: { 200: DashboardReply, 401: ErrorBody },
    },
    handler: (req) => dashboardSummary(app.deps, req.caller!),
  });
};
