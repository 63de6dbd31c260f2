import type { FastifyPluginAsync } from 'fastify';
import { jobsCalls as calls } from '@provisio/contract';
import { callerOf } from '../../lib/audit';
import { requestLanguage } from '../../lib/i18n';
import { route } from '../../lib/route';
import { jobStatus, listJobs } from './jobs.service';

export const jobsRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  route(app, calls.jobStatus, (req) => jobStatus(deps, callerOf(req), req.body.id, requestLanguage(req)));

  route(app, calls.listJobs, (req) => listJobs(deps, callerOf(req), req.body.tenant_id, requestLanguage(req)));
};
