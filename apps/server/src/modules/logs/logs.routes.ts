import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, GetLogsBody, GetLogsReply } from '@provisio/contract';
import { getLogs } from './logs.service';

export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/getlogs', {
    // Admin only: the spec is silent, but log lines can hold personal data.
    config: { access: 'admin' },
    schema: {
      tags: ['logs'],
      summary: "The server's own log lines in Loki's reply shape, newest first (from the log store or Grafana Loki)",
      body: GetLogsBody,
      response: { 200: GetLogsReply, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 503: ErrorBody },
    },
    handler: async (req) => getLogs(app.deps, req.body, req.log),
  });
};
