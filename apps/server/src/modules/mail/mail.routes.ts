import type { FastifyPluginAsync } from 'fastify';
import { MailLogBody, mailCalls as calls } from '@provisio/contract';
import { actorOf, callerOf } from '../../lib/audit';
import { requestLanguage } from '../../lib/i18n';
import { route } from '../../lib/route';
import { jobMails, retryMail } from './mail.service';

export const mailRoutes: FastifyPluginAsync = async (app) => {
  route(app, calls.mailLog, async (req) => {
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
      kysely
        .selectFrom('mail_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { total: Number(total.n), rows: rows.map(({ to_addr, ...r }) => ({ ...r, to: to_addr })) };
  });

  route(app, calls.jobMails, (req) => jobMails(app.deps, callerOf(req), req.body.job_id, requestLanguage(req)));

  route(app, calls.retryMail, async (req) => ({
    ok: true as const,
    message: await retryMail(app.deps, actorOf(req), req.body.mail_id, requestLanguage(req)),
  }));
};
