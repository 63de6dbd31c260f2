import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditList, AuditLogBody, ErrorBody } from '@provisio/contract';
import { sendList } from '../../lib/list-query';
import { listAudit } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/auditLog', {
    config: { access: 'admin' },
    schema: {
      tags: ['audit'],
      summary: 'Who changed what and when, newest first, with values before and after (admin; beyond the spec)',
      body: AuditLogBody.optional(),
      response: { 200: AuditList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
    },
    handler: async (req, reply) => sendList(reply, await listAudit(app.deps, req.body ?? {})),
  });
};
