import {
  type InviteNotProvisionedBody,
  type JobStartedReply,
  type Language,
  type ResendInviteBody,
  formatMessage,
} from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { findExtension, readExtension } from '../extensions/extensions.repository';
import { assertTenantVisible } from '../tenants/tenant-scope';
import { mailClaims } from './app-accounts.service';
import { INVITE } from './invitations.jobs';
import { seatsBefore, takeSeat, tenantSeats } from './invite-licence';
import { type MailClaim, claimMailQuota, releaseMailQuota } from './mail-quota';

const createdBy = (actor: Actor) => `${actor.caller.kind}:${actor.caller.id}`;

async function template(deps: Deps, id: number) {
  const tpl = await deps.db.kysely
    .selectFrom('email_templates')
    .select(['subject', 'body'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!tpl) throw new AppError('validation_failed', 'inviteTemplateRequired');
  return tpl;
}

/** Claims the quota for `count` messages, queues the job, and gives the quota back when it was not queued or was joined. */
async function startInvite(
  deps: Deps,
  actor: Actor,
  tenantId: string,
  count: number,
  payload: Record<string, unknown>,
  dedupeKey?: string,
) {
  // Joining the tenant's queued or running bulk invite costs no quota.
  const active = dedupeKey
    ? await deps.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('dedupe_key', '=', dedupeKey)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst()
    : undefined;
  if (active) return { id: active.id, joined: true };
  const claims: MailClaim[] = mailClaims(deps, actor, new Map([[tenantId, count]]));
  await claimMailQuota(deps.db, claims);
  try {
    const job = await deps.jobs.enqueue(
      INVITE,
      { ...payload, claims },
      { tenantId, createdBy: createdBy(actor), ...(dedupeKey ? { dedupeKey } : {}) },
    );
    if (job.joined) await releaseMailQuota(deps.db, claims);
    return job;
  } catch (err) {
    await releaseMailQuota(deps.db, claims);
    throw err;
  }
}

/**
 * Sends one extension's invitation again with the template given. The extension must be linked (its app account
 * is what the QR page signs in to), have an email and be within the tenant's app licences; one message counts
 * against the caller's and the tenant's hourly mail quota.
 */
export async function resendInvite(
  deps: Deps,
  actor: Actor,
  body: ResendInviteBody,
  lang: Language,
): Promise<JobStartedReply> {
  await assertTenantVisible(deps.db, actor.caller, body.tenant_id);
  const db = deps.db.kysely;
  const ext = await findExtension(db, body.tenant_id, body.extension);
  if (!ext) throw new AppError('not_found', 'extensionNotFound');
  if (!readExtension(ext).linked) throw new AppError('validation_failed', 'inviteNotLinked');
  if (!ext.email.trim()) throw new AppError('validation_failed', 'userHasNoEmail');
  // A revoked app is refused everywhere: an invitation would lead to a QR page that refuses it (rotateActivation first).
  const revoked = await db
    .selectFrom('app_accounts as a')
    .innerJoin('app_activations as v', 'v.app_account_id', 'a.id')
    .select('a.id')
    .where('a.tenant_id', '=', body.tenant_id)
    .where('a.extension', '=', ext.extension)
    .where('v.revoked_at', 'is not', null)
    .executeTakeFirst();
  if (revoked) throw new AppError('conflict', 'inviteRevoked');
  const tpl = await template(deps, body.template_id);
  const seats = await tenantSeats(db, body.tenant_id);
  if (!takeSeat(seats, await seatsBefore(db, body.tenant_id, seats, ext.id), readExtension(ext)))
    throw new AppError('conflict', 'inviteOverLicence');
  const { id } = await startInvite(deps, actor, body.tenant_id, 1, {
    tenant_id: body.tenant_id,
    extension: ext.extension,
    subject: tpl.subject,
    body: tpl.body,
    lang,
  });
  await recordAudit(db, actor, {
    entity: 'extension',
    entity_id: `${body.tenant_id}/${ext.extension}`,
    action: 'update',
    after: { invitation: 'resent', job_id: id },
  });
  return { ok: true, message: formatMessage(lang, 'inviteResent'), job_id: id, joined: false };
}

/**
 * "Invite everyone not yet provisioned": a job over the tenant (one at a time per tenant: a second request joins
 * the running one). The quota is claimed for every linked extension with an email whose app has not provisioned,
 * the most the job can send; what it does not send is given back when it ends.
 */
export async function inviteNotProvisioned(
  deps: Deps,
  actor: Actor,
  body: InviteNotProvisionedBody,
  lang: Language,
): Promise<JobStartedReply> {
  await assertTenantVisible(deps.db, actor.caller, body.tenant_id);
  const tpl = await template(deps, body.template_id);
  const row = await deps.db.kysely
    .selectFrom('extensions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', body.tenant_id)
    .where('linked', '=', 1)
    .where('email', '<>', '')
    .where('provisioned_at', 'is', null)
    .executeTakeFirst();
  const candidates = Number(row?.n ?? 0);
  if (candidates === 0) throw new AppError('validation_failed', 'inviteNobody');
  const payload = { tenant_id: body.tenant_id, subject: tpl.subject, body: tpl.body, lang };
  const { id, joined } = await startInvite(
    deps,
    actor,
    body.tenant_id,
    candidates,
    payload,
    `${INVITE}:${body.tenant_id}`,
  );
  if (!joined)
    await recordAudit(deps.db.kysely, actor, {
      entity: 'tenant',
      entity_id: body.tenant_id,
      action: 'update',
      after: { invitation: 'not_provisioned', job_id: id },
    });
  return { ok: true, message: formatMessage(lang, 'inviteAllStarted'), job_id: id, joined };
}
