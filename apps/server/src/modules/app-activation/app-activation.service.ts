import {
  ACTIVATION_GRACE_MINUTES,
  type Language,
  type RevokeAppBody,
  type RevokeAppReply,
  type RotateActivationBody,
  type RotateActivationReply,
  cscPayload,
  formatMessage,
} from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { newSipPassword } from '../../platform/builtin';
import { claimMailQuota, tenantMailKey } from '../app-accounts/mail-quota';
import { revokeAppSessions } from '../app-auth/app-sessions';
import { assertTenantVisible } from '../tenants/tenant-scope';
import { qrMail } from './activation-mail';
import { issueActivationSecret, revokeActivation } from './activation-secrets';
import { emitEvent } from '../webhooks/emit';

/** The app account of one extension, for whoever may link that tenant's extensions (the same rule: the tenant scope). */
async function appAccountOf(deps: Deps, actor: Actor, tenantId: string, extension: string) {
  await assertTenantVisible(deps.db, actor.caller, tenantId);
  const acct = await deps.db.kysely
    .selectFrom('app_accounts')
    .select(['id', 'username', 'tenant_id', 'extension'])
    .where('cloud_id', '=', deps.config.CLOUD_ID)
    .where('tenant_id', '=', tenantId)
    .where('extension', '=', extension)
    .executeTakeFirst();
  if (!acct) throw new AppError('not_found', 'appNotLinked');
  return acct;
}

/**
 * Revokes an extension's app: every activation secret and the user's password stop provisioning it at once, its
 * app sessions end, and the SIP password is rotated on the platform (when the platform lets the portal write it),
 * so a phone that already holds the account cannot register either. Safe to repeat.
 */
export async function revokeApp(
  deps: Deps,
  actor: Actor,
  body: RevokeAppBody,
  lang: Language,
): Promise<RevokeAppReply> {
  const acct = await appAccountOf(deps, actor, body.tenant_id, body.extension);
  const sipRotated = Boolean(deps.connector.setSipPassword);
  await deps.db.kysely.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('app_activations')
      .select(['revoked_at'])
      .where('app_account_id', '=', acct.id)
      .executeTakeFirst();
    await revokeActivation(trx, acct.id);
    await recordAudit(trx, actor, {
      entity: 'app_account',
      entity_id: acct.id,
      action: 'update',
      before: { username: acct.username, revoked: before?.revoked_at != null },
      after: { username: acct.username, revoked: true, sip_rotated: sipRotated },
    });
    await emitEvent(trx, acct.tenant_id, 'app.revoked', { extension: acct.extension, username: acct.username });
  });
  await revokeAppSessions(deps, acct.id);
  if (deps.connector.setSipPassword)
    await deps.connector.setSipPassword(acct.tenant_id, acct.extension, newSipPassword());
  return { ok: true, message: formatMessage(lang, 'appRevoked'), sip_password_changed: sipRotated };
}

/**
 * Issues a new activation secret and returns its QR (and mails it to the account's email when asked). The previous
 * secret keeps working for ACTIVATION_GRACE_MINUTES. On a revoked app this is how an administrator lets it in again.
 */
export async function rotateActivation(
  deps: Deps,
  actor: Actor,
  body: RotateActivationBody,
  lang: Language,
): Promise<RotateActivationReply> {
  const acct = await appAccountOf(deps, actor, body.tenant_id, body.extension);
  if (body.send_email)
    await claimMailQuota(deps.db, [
      {
        key: tenantMailKey(acct.tenant_id),
        count: 1,
        limit: actor.caller.role === 'admin' ? 2 ** 31 - 1 : deps.config.MAIL_PER_TENANT_HOUR,
      },
    ]);
  const qrValue = await deps.db.kysely.transaction().execute(async (trx) => {
    const secret = await issueActivationSecret(trx, acct.id, Date.now(), 'rotate');
    const value = cscPayload({ cloudId: deps.config.CLOUD_ID, username: acct.username, password: secret });
    if (body.send_email)
      await deps.mailer.enqueue(
        { ...(await qrMail(acct.username, value, acct.username, lang)), brandTenant: acct.tenant_id },
        trx,
      );
    await recordAudit(trx, actor, {
      entity: 'app_account',
      entity_id: acct.id,
      action: 'update',
      after: { username: acct.username, activation: 'rotated', emailed: Boolean(body.send_email) },
    });
    return value;
  });
  const minutes = ACTIVATION_GRACE_MINUTES;
  const message = body.send_email
    ? formatMessage(lang, 'activationRotatedMailed', { email: acct.username, minutes })
    : formatMessage(lang, 'activationRotated', { minutes });
  return { ok: true, message, qrValue, emailed: Boolean(body.send_email) };
}
