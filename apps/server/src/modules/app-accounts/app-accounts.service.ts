import { z } from 'zod';
import type {
  EmailLinkBody,
  EmailLinkPreviewReply,
  EmailLinkReply,
  JobStartedReply,
  Language,
  LinkExtensionBody,
  ReLinkExtensionsBody,
} from '@provisio/contract';
import { formatMessage } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/html';
import { hashPassword } from '../../lib/passwords';
import { type TenantScope, assertTenantVisible, visibleTenantIds } from '../tenants/tenant-scope';
import { findExtension, findExtensionTenant } from '../extensions/extensions.repository';
import { EMAIL_LINKS, RELINK } from './app-accounts.jobs';
import { type AccountTrx, assertEmailFree, saveAppAccount } from './app-accounts.repository';
import { assertCcInScope, parseCc } from './email-cc';
import { emailToPlatform } from './email-to-platform';
import { perTenantOf, planLinkRecipients } from './link-recipients';
import { type MailClaim, callerMailKey, claimMailQuota, releaseMailQuota, tenantMailKey } from './mail-quota';

const isEmail = (s: string) => z.email().safeParse(s).success;
const createdBy = (actor: Actor) => `${actor.caller.kind}:${actor.caller.id}`;

/** Finds the tenant of a link request: tenant_id, or the visible tenant having this extension on this domain. */
async function linkTenant(deps: Deps, actor: Actor, body: LinkExtensionBody): Promise<string> {
  if (body.tenant_id) return body.tenant_id;
  if (!body.domain) throw new AppError('validation_failed', 'linkFieldsRequired');
  const tenantId = await findExtensionTenant(deps.db.kysely, actor.caller, body.domain, body.extension);
  if (!tenantId) throw new AppError('validation_failed', 'extensionNotSelected');
  return tenantId;
}

/** Creates or updates the extension's app account (password as a hash, to change at first sign-in) and links it. */
export async function linkExtension(deps: Deps, actor: Actor, body: LinkExtensionBody): Promise<void> {
  if (!body.extension.trim()) throw new AppError('validation_failed', 'extensionNotSelected');
  const tenantId = await linkTenant(deps, actor, body);
  await assertTenantVisible(deps.db, actor.caller, tenantId);
  const ext = await findExtension(deps.db.kysely, tenantId, body.extension);
  if (!ext) throw new AppError('validation_failed', 'extensionNotSelected');
  // A refused link must change nothing: the email is checked before the platform gets it, and a link lost to a
  // parallel one puts the platform's email back.
  await assertEmailFree(deps.db.kysely, deps.config.CLOUD_ID, tenantId, ext.extension, body.email);
  const passwordHash = await hashPassword(body.password);
  await emailToPlatform(deps, tenantId, ext, body.email);
  try {
    await deps.db.kysely.transaction().execute((trx: AccountTrx) =>
      saveAppAccount(trx, actor, {
        cloudId: deps.config.CLOUD_ID,
        tenantId,
        extension: ext,
        email: body.email,
        passwordHash,
        did: body.did,
        pin: body.pin,
      }),
    );
  } catch (err) {
    await emailToPlatform(deps, tenantId, { ...ext, email: body.email.trim() }, ext.email).catch(() => undefined);
    throw err;
  }
}

/** Reads `recepient` (one email, comma-separated emails, or an array) with the refusals of spec §5. */
function recipients(body: EmailLinkBody): string[] {
  const subject = body.subject?.trim() ?? '';
  const html = body.body ? sanitizeRichText(body.body) : '';
  if (Array.isArray(body.recepient)) {
    if (body.recepient.length === 0) throw new AppError('validation_failed', 'noUserSelected');
    if (body.recepient.some((r) => !r.trim())) throw new AppError('validation_failed', 'userHasNoEmail');
  } else if (!body.recepient.trim()) throw new AppError('validation_failed', 'emailFieldsRequired');
  if (!subject || !html) throw new AppError('validation_failed', 'emailFieldsRequired');
  const list = (Array.isArray(body.recepient) ? body.recepient : body.recepient.split(','))
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  if (list.some((r) => !isEmail(r))) throw new AppError('validation_failed', 'emailInvalid');
  return [...new Set(list)];
}

/** An administrator's sends are counted but never refused: a provider's bulk send to a large tenant must go out. */
const ADMIN_MAIL_LIMIT = 2 ** 31 - 1;

/** The quotas a send draws from: the caller's and each tenant's, `perTenant` messages each (issue #13). */
export function mailClaims(deps: Deps, actor: Actor, perTenant: Map<string, number>): MailClaim[] {
  const total = [...perTenant.values()].reduce((a, b) => a + b, 0);
  const admin = actor.caller.role === 'admin';
  return [
    {
      key: callerMailKey(actor.caller),
      count: total,
      limit: admin ? ADMIN_MAIL_LIMIT : deps.config.MAIL_PER_CALLER_HOUR,
    },
    ...[...perTenant].map(([tenantId, count]) => ({
      key: tenantMailKey(tenantId),
      count,
      limit: admin ? ADMIN_MAIL_LIMIT : deps.config.MAIL_PER_TENANT_HOUR,
    })),
  ];
}

/** Claims the quotas, then queues the job; the quota is given back if queuing fails. */
export async function enqueueMail<P>(
  deps: Deps,
  claims: MailClaim[],
  type: string,
  payload: P,
  opts: { tenantId: string | null; createdBy: string },
) {
  await claimMailQuota(deps.db, claims);
  try {
    return await deps.jobs.enqueue(type, payload, opts);
  } catch (err) {
    await releaseMailQuota(deps.db, claims);
    throw err;
  }
}

/** The checks of an emailLink body, and who it would mail and skip (the rule of link-recipients.ts). */
async function planEmailLink(deps: Deps, actor: Actor, body: EmailLinkBody, lang: Language) {
  const to = recipients(body);
  const cc = parseCc(body.cc);
  if (body.tenant_id) await assertTenantVisible(deps.db, actor.caller, body.tenant_id);
  const scope: TenantScope = body.tenant_id ? [body.tenant_id] : actor.caller;
  await assertCcInScope(deps.db, actor.caller, scope, cc);
  const plan = await planLinkRecipients(deps.db.kysely, deps.config.CLOUD_ID, scope, to, lang);
  return { to, cc, plan };
}

/** emailLinkPreview: what emailLink would queue and skip, checked the same way; queues nothing. */
export async function previewEmailLink(
  deps: Deps,
  actor: Actor,
  body: EmailLinkBody,
  lang: Language,
): Promise<EmailLinkPreviewReply> {
  const { plan } = await planEmailLink(deps, actor, body, lang);
  return { to_send: plan.toSend, skipped: plan.skipped };
}

/**
 * Queues the QR-link emails: one per subscriber having each email in the caller's visible tenants (or tenant_id),
 * when it can use it (linked, with an app account, not revoked); the others are skipped and listed in the reply
 * (issue #20). Copies go only to addresses known in the caller's scope (admins: any), and every message and copy
 * counts against the caller's and the tenant's hourly mail quota.
 */
export async function emailLink(
  deps: Deps,
  actor: Actor,
  body: EmailLinkBody,
  lang: Language,
): Promise<EmailLinkReply> {
  const { to, cc, plan } = await planEmailLink(deps, actor, body, lang);
  // The job keeps the tenants as they are now: it sends what the caller could send when they asked.
  const tenants = body.tenant_id ? [body.tenant_id] : await visibleTenantIds(deps.db, actor.caller);
  const payload = {
    recipients: to,
    cc: cc.join(', '),
    subject: body.subject!.trim(),
    body: sanitizeRichText(body.body!),
    tenants,
    lang,
  };
  const { id } = await enqueueMail(deps, mailClaims(deps, actor, perTenantOf(plan, cc.length)), EMAIL_LINKS, payload, {
    tenantId: body.tenant_id ?? null,
    createdBy: createdBy(actor),
  });
  return {
    ok: true,
    message: formatMessage(lang, plan.toSend.length > 0 ? 'emailsQueued' : 'emailsAllSkipped'),
    job_id: id,
    joined: false,
    queued: plan.toSend.length,
    skipped: plan.skipped,
  };
}

/** Queues the relink of selected users (all must have an email): new accounts, must change password, links re-sent. */
export async function relinkExtensions(
  deps: Deps,
  actor: Actor,
  users: ReLinkExtensionsBody,
  lang: Language,
): Promise<JobStartedReply> {
  if (users.length === 0) throw new AppError('validation_failed', 'selectUsersFirst');
  if (users.some((u) => !u.email?.trim())) throw new AppError('validation_failed', 'relinkUserNoEmail');
  if (users.some((u) => !isEmail(u.email!.trim()))) throw new AppError('validation_failed', 'emailInvalid');
  const tenants = [...new Set(users.map((u) => u.tenant_id))];
  for (const tid of tenants) await assertTenantVisible(deps.db, actor.caller, tid);
  const payload = {
    users: users.map((u) => ({ tenant_id: u.tenant_id, extension: u.extension, email: u.email!.trim().toLowerCase() })),
    lang,
  };
  const perTenant = new Map<string, number>();
  for (const u of users) perTenant.set(u.tenant_id, (perTenant.get(u.tenant_id) ?? 0) + 1);
  const { id } = await enqueueMail(deps, mailClaims(deps, actor, perTenant), RELINK, payload, {
    tenantId: tenants.length === 1 ? tenants[0]! : null,
    createdBy: createdBy(actor),
  });
  await recordAudit(deps.db.kysely, actor, {
    entity: 'app_account',
    entity_id: `relink/${id}`,
    action: 'update',
    after: { job_id: id, users: payload.users },
  });
  return { ok: true, message: formatMessage(lang, 'relinkStarted'), job_id: id, joined: false };
}
