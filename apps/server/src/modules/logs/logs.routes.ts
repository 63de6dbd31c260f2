import type { FastifyPluginAsync } from 'fastify';
import { logsCalls as calls } from '@provisio/contract';
import { route } from '../../lib/route';
import { getLogs } from './logs.service';

export const logsRoutes: FastifyPluginAsync = async (app) => {
  route(app, calls.getlogs, async (req) => getLogs(app.deps, req.body, req.log));
};
