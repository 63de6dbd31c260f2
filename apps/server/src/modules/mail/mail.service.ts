import {
  type JobMailRow,
  type JobMailsReply,
  type Language,
  type MailState,
  JOB_MAILS_SHOWN,
  formatMessage,
} from '@provisio/contract';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import type { Caller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import { mailClaims } from '../app-accounts/app-accounts.service';
import { claimMailQuota, releaseMailQuota, tenantMailKey } from '../app-accounts/mail-quota';
import { jobStatus } from '../jobs/jobs.service';
import { isTenantVisible, scopeToCaller } from '../tenants/tenant-scope';

type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'logged';
const STATE: Record<OutboxStatus, MailState> = {
  queued: 'queued',
  sending: 'queued',
  sent: 'delivered',
  failed: 'failed',
  logged: 'logged',
};

/**
 * jobMails: the outbox's word on each message a job queued (issue #20), for a caller who may see the job (the
 * jobStatus rule) and only the messages of tenants they may see. Failed rows carry the spec's message.
 */
export async function jobMails(deps: Deps, caller: Caller, jobId: number, lang: Language): Promise<JobMailsReply> {
  await jobStatus(deps, caller, jobId, lang);
  const db = deps.db.kysely;
  const ofJob = () =>
    scopeToCaller(db, db.selectFrom('mail_messages').where('job_id', '=', jobId), caller, 'tenant_id');
  const counts = { queued: 0, delivered: 0, failed: 0, logged: 0 };
  const grouped = await ofJob()
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  for (const g of grouped) counts[STATE[g.status]] += Number(g.n);
  const order = sql<number>`case status when 'failed' then 0 when 'queued' then 1 when 'sending' then 1 else 2 end`;
  const rows = await ofJob()
    .select(['id', 'tenant_id', 'ref', 'to_addr', 'status', 'attempts'])
    .orderBy(order)
    .orderBy('id')
    .limit(JOB_MAILS_SHOWN)
    .execute();
  return {
    job_id: jobId,
    counts,
    rows: rows.map((r): JobMailRow => ({
      mail_id: r.id,
      tenant_id: r.tenant_id,
      extension: r.ref,
      to: r.to_addr,
      state: STATE[r.status],
      attempts: r.attempts,
      message: r.status === 'failed' ? formatMessage(lang, 'emailSendFailed', { extension: r.ref ?? r.to_addr }) : null,
    })),
  };
}

/**
 * retryMail: a failed message is queued again now (issue #20). Only a message of a tenant the caller may see
 * (others: 404, as if it did not exist; a message of no tenant, such as a password reset: administrators only);
 * it counts against the caller's and the tenant's mail quota like a send, and is audited.
 */
export async function retryMail(deps: Deps, actor: Actor, mailId: number, lang: Language): Promise<string> {
  const db = deps.db.kysely;
  const mail = await db
    .selectFrom('mail_messages')
    .select(['id', 'tenant_id', 'ref', 'to_addr', 'cc', 'status', 'job_id'])
    .where('id', '=', mailId)
    .executeTakeFirst();
  const visible =
    mail !== undefined &&
    (mail.tenant_id === null
      ? actor.caller.role === 'admin'
      : await isTenantVisible(deps.db, actor.caller, mail.tenant_id));
  if (!mail || !visible) throw new AppError('not_found', 'mailNotFound');
  if (mail.status !== 'failed') throw new AppError('conflict', 'mailNotFailed');
  const copies = mail.cc ? mail.cc.split(',').filter((a) => a.trim()).length : 0;
  // A message of no tenant (administrators only) counts against the caller alone.
  const claims = mailClaims(deps, actor, new Map([[mail.tenant_id ?? '', 1 + copies]])).filter(
    (c) => c.key !== tenantMailKey(''),
  );
  await claimMailQuota(deps.db, claims);
  if (!(await deps.mailer.requeue(mail.id))) {
    await releaseMailQuota(deps.db, claims);
    throw new AppError('conflict', 'mailNotFailed');
  }
  await recordAudit(db, actor, {
    entity: mail.tenant_id && mail.ref ? 'extension' : 'system_setting',
    entity_id: mail.tenant_id && mail.ref ? `${mail.tenant_id}/${mail.ref}` : `mail/${mail.id}`,
    action: 'update',
    after: { mail: 'retried', mail_id: mail.id, job_id: mail.job_id, to: mail.to_addr },
  });
  return formatMessage(lang, 'mailRetryQueued', { to: mail.to_addr });
}
