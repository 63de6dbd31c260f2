import {
  type AuthLoginBody,
  type AuthLoginReply,
  type EmailQrBody,
  type Language,
  cscPayload,
} from '@provisio/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { sha256, signGrant, verifyGrant } from '../../lib/signing';
import { claimMailQuota, tenantMailKey } from '../app-accounts/mail-quota';
import { markQrOpened } from '../extensions/lifecycle';
import { issueActivationSecret } from '../app-activation/activation-secrets';
import { qrMail } from '../app-activation/activation-mail';
import { takeRateSlot } from '../auth/login-throttle';
import { checkAppCredentials } from './app-credentials';

const GRANT_PURPOSE = 'email-qr';
const GRANT_TTL_MS = 10 * 60_000;
const QR_EMAILS_PER_HOUR = 5;
const invalidPassword = () => new AppError('invalid_credentials', 'invalidPassword');

/**
 * QR generator sign-in: the account's domain, the `csc:` payload and a grant that lets emailQR send exactly this
 * payload for this account during ten minutes. Any missing or wrong value is 'Invalid Password!'. The payload
 * carries a new activation secret, never the password: showing a QR rotates the secret (the previous one keeps
 * working for the grace, so a phone set up from it moments ago is not cut off).
 */
export async function authLogin(deps: Deps, body: AuthLoginBody, ip: string): Promise<AuthLoginReply> {
  const cloudOk = body.cloud_id.trim().toUpperCase() === deps.config.CLOUD_ID.toUpperCase();
  const acct = await checkAppCredentials(deps, body.username, cloudOk ? body.password : '', ip, invalidPassword);
  const secret = await issueActivationSecret(deps.db.kysely, acct.id);
  const qrValue = cscPayload({ cloudId: deps.config.CLOUD_ID, username: acct.username, password: secret });
  const { grant, expiresAt } = await signGrant(
    deps.db,
    GRANT_PURPOSE,
    { a: acct.id, q: sha256(qrValue) },
    GRANT_TTL_MS,
  );
  await markQrOpened(deps.db.kysely, acct.tenantId, acct.extension);
  return { domain: acct.domain, qrValue, grant, grant_expires_at: expiresAt };
}

/**
 * Emails the QR image (PNG, inline by cid). Refused without a valid grant, or when the payload is not the one the
 * grant was issued for; at most five per account and hour, so it cannot be used to send mail in bulk.
 */
export async function emailQr(deps: Deps, body: EmailQrBody, lang: Language): Promise<void> {
  const claims = await verifyGrant(deps.db, GRANT_PURPOSE, body.grant);
  if (!claims || claims.q !== sha256(body.qrValue) || typeof claims.a !== 'number')
    throw new AppError('forbidden', 'qrGrantInvalid');
  const acct = await deps.db.kysely
    .selectFrom('app_accounts')
    .select(['id', 'username', 'tenant_id'])
    .where('id', '=', claims.a)
    .executeTakeFirst();
  if (!acct) throw new AppError('forbidden', 'qrGrantInvalid');
  const slot = await takeRateSlot(deps.db, `qr-email:${acct.id}`, QR_EMAILS_PER_HOUR, 60 * 60_000);
  if (!slot.ok) throw new AppError('too_many_attempts', 'tooManyQrEmails', { minutes: slot.minutes });
  // Mail to an address the user names also draws from the tenant's hourly quota (issue #13).
  await claimMailQuota(deps.db, [
    { key: tenantMailKey(acct.tenant_id), count: 1, limit: deps.config.MAIL_PER_TENANT_HOUR },
  ]);
  await deps.mailer.enqueue({
    ...(await qrMail(body.recepient, body.qrValue, acct.username, lang)),
    brandTenant: acct.tenant_id,
  });
}
