import type { FastifyPluginAsync } from 'fastify';
import { dashboardCalls as calls } from '@provisio/contract';
import { callerOf } from '../../lib/audit';
import { route } from '../../lib/route';
import { dashboardSummary } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  route(app, calls.dashboardSummary, (req) => dashboardSummary(app.deps, callerOf(req)));
};
