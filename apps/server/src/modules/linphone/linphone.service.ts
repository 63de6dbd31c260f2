import { createHash, randomBytes } from 'node:crypto';
import { LINPHONE_LINK_TTL_MS, type LinphoneLinkReply } from '@provisio/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { verifyGrant } from '../../lib/signing';
import { takeRateSlot } from '../auth/login-throttle';
import { readSettings } from '../client-profiles/client-profiles.service';
import { effectiveProfile } from '../client-profiles/effective-profile';
import { recordProvisioning } from '../provisioning/provisioning-log';
import { buildLinphoneXml, codecsFromOrder, linphoneTransport } from './linphone-xml';
import { consumeLink, dropOldLinks, insertLink, linkedAccount } from './linphone.repository';

/** The grant authLogin hands the QR page (app-auth's qr.service signs it for this purpose). */
const QR_GRANT_PURPOSE = 'email-qr';
const LINKS_PER_HOUR = 10;
const DAY_MS = 86_400_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** One answer for a token that is unknown, spent or expired, and for an account that is gone: nothing to tell apart. */
const invalidLink = () => new AppError('not_found', 'linphoneLinkInvalid');

/**
 * A one-time Linphone provisioning URL for the account the QR page signed in (its authLogin grant). The token is
 * 256 random bits, kept only as its SHA-256; the URL works once and for ten minutes.
 */
export async function createLinphoneLink(deps: Deps, grant: string): Promise<LinphoneLinkReply> {
  const claims = await verifyGrant(deps.db, QR_GRANT_PURPOSE, grant);
  if (!claims || typeof claims.a !== 'number') throw new AppError('forbidden', 'linphoneGrantInvalid');
  const db = deps.db.kysely;
  const acct = await linkedAccount(db, deps.config.CLOUD_ID, claims.a);
  if (!acct) throw new AppError('forbidden', 'linphoneGrantInvalid');
  if (!deps.connector.getSipPassword) throw new AppError('conflict', 'linphoneUnavailable');
  const slot = await takeRateSlot(deps.db, `linphone-link:${acct.id}`, LINKS_PER_HOUR, 60 * 60_000);
  if (!slot.ok) throw new AppError('too_many_attempts', 'tooManyLinphoneLinks', { minutes: slot.minutes });
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = now + LINPHONE_LINK_TTL_MS;
  await dropOldLinks(db, now - DAY_MS);
  await insertLink(db, { tokenHash: hashToken(token), appAccountId: acct.id, now, expiresAt });
  return { url: `${deps.config.publicUrl}/api/v1/linphone/${token}`, expires_at: expiresAt };
}

export interface LinphoneFetch {
  token: string;
  ip: string;
  userAgent: string;
}

/** Spends the link and answers the account's Linphone configuration; every refusal is the same 404. */
export async function fetchLinphoneConfig(deps: Deps, req: LinphoneFetch): Promise<string> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(req.token)) throw invalidLink();
  const db = deps.db.kysely;
  const accountId = await consumeLink(db, hashToken(req.token), Date.now());
  if (accountId === null) throw invalidLink();
  const acct = await linkedAccount(db, deps.config.CLOUD_ID, accountId);
  const password =
    acct && deps.connector.getSipPassword ? await deps.connector.getSipPassword(acct.tenant_id, acct.extension) : null;
  if (!acct || !password) throw invalidLink();

  const profile = (await effectiveProfile(db, acct.tenant_id, acct.domain))?.profile;
  const settings = profile ? readSettings(profile) : {};
  // Same rule as the Acrobits account: the identity's domain is the SIP domain; the server to connect to is the
  // profile's proxy, else the platform's SIP host, else the domain itself.
  const domain = deps.connector.sipDomainOf?.(acct.domain) ?? acct.domain;
  const server = settings.outboundproxyhost || profile?.proxy || deps.connector.sipHost || '';
  const expires = Number(settings.expires);
  const dtmf = (settings.dtmforder ?? '').split(',')[0]?.trim();
  const xml = buildLinphoneXml({
    displayName: `${acct.firstname} ${acct.lastname}`.trim() || acct.extension,
    extension: acct.extension,
    domain,
    route: server && server !== domain ? server : null,
    transport: linphoneTransport(profile?.transport ?? ''),
    password,
    expires: Number.isInteger(expires) && expires >= 30 ? expires : null,
    codecs: codecsFromOrder(settings.codecorder),
    dtmf: dtmf === 'rfc2833' || dtmf === 'info' ? dtmf : null,
  });
  await recordProvisioning(deps, {
    cloudId: deps.config.CLOUD_ID,
    account: acct.username,
    ip: req.ip,
    userAgent: req.userAgent,
    result: 'ok',
    tenantId: acct.tenant_id,
    extension: acct.extension,
  });
  return xml;
}
