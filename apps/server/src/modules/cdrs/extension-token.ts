import { timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { claimAttempt, throttleRules } from '../auth/login-throttle';
import { findExtension, readExtension } from '../extensions/extensions.repository';

export interface TokenHolder {
  tenantId: string;
  extension: string;
  /** Admin extensions (admin = 1) may also see the group's (tenant's) calls. */
  admin: boolean;
}

/** `base64(extension@tenant:pin)` split at the last '@' before the last ':'; null when it is not that shape. */
function parseToken(token: string): { extension: string; tenant: string; pin: string } | null {
  const text = Buffer.from(token.trim(), 'base64').toString('utf8');
  const colon = text.lastIndexOf(':');
  const at = text.lastIndexOf('@', colon);
  if (colon < 0 || at <= 0) return null;
  return { extension: text.slice(0, at), tenant: text.slice(at + 1, colon), pin: text.slice(colon + 1) };
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Checks a call-history token against the extension's pin. PINs are short, so wrong tokens are throttled like
 * sign-ins (claimed per extension and per address before the PIN is compared, 429 past the limit) and capped per
 * extension per day whatever the address. Every failure is the same 401.
 */
export async function checkExtensionToken(
  deps: Deps,
  tenantId: string,
  user: string | undefined,
  token: string,
  ip: string,
): Promise<TokenHolder> {
  const { config, db } = deps;
  const parsed = parseToken(token);
  const extension = user ?? parsed?.extension ?? '';
  const attempt = await claimAttempt(db, 'pin', `${tenantId}/${extension}`, ip, throttleRules(config, 'pin'));
  const ext = parsed ? await findExtension(db.kysely, tenantId, extension) : undefined;
  const ok =
    parsed &&
    ext &&
    ext.pin !== '' &&
    parsed.tenant === tenantId &&
    parsed.extension === extension &&
    same(parsed.pin, ext.pin);
  if (!ok || !ext) throw new AppError('invalid_credentials', 'invalidCredentials');
  await attempt.succeeded();
  return { tenantId, extension: ext.extension, admin: readExtension(ext).admin };
}
