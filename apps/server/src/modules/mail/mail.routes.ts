import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, MailLogBody, MailLogReply } from '@provisio/contract';

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/mailLog', {
    config: { access: 'admin' },
    schema: {
      tags: ['mail'],
      summary: 'Recorded outgoing messages and their delivery status, newest first (admin; beyond the spec)',
      body: MailLogBody.optional(),
      response: { 200: MailLogReply, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
    },
    handler: async (req) => {
      const { limit, offset } = MailLogBody.parse(req.body ?? {});
      const { kysely } = app.deps.db;
      const [rows, total] = await Promise.all([
        kysely
          .selectFrom('mail_messages')
          .select(['id', 'kind', 'to_addr', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        kysely.selectFrom('mail_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { total: Number(total.n), rows: rows.map(({ to_addr, ...r }) => ({ ...r, to: to_addr })) };
    },
  });
};
