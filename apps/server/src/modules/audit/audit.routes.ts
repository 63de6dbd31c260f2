import type { FastifyPluginAsync } from 'fastify';
import { auditCalls as calls } from '@provisio/contract';
import { sendList } from '../../lib/list-query';
import { route } from '../../lib/route';
import { listAudit } from './audit.service';

export const auditRoutes: FastifyPluginAsync = async (app) => {
  route(app, calls.auditLog, async (req, reply) => sendList(reply, await listAudit(app.deps, req.body ?? {})));
};
