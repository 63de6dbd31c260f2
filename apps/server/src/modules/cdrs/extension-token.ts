import { timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { checkLoginAllowed, clearLoginFailures, recordLoginFailure } from '../auth/login-throttle';

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
 * sign-ins (per extension and per address, 429 past the limit). Every failure is the same 401.
 */
export async function checkExtensionToken(deps: Deps, tenantId: string, user: string | undefined, token: string, ip: string): Promise<TokenHolder> {
  const { config, db } = deps;
  const parsed = parseToken(token);
  const extension = user ?? parsed?.extension ?? '';
  const name = `cdr:${tenantId}/${extension}`;
  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
  await checkLoginAllowed(db, name, ip, { slowAfter: config.LOGIN_SLOW_AFTER, maxFailures: config.LOGIN_MAX_FAILURES, windowMs });
  const ext = parsed
    ? await db.kysely.selectFrom('extensions').select(['extension', 'pin', 'admin']).where('tenant_id', '=', tenantId).where('extension', '=', extension).executeTakeFirst()
    : undefined;
  const ok = parsed && ext && ext.pin !== '' && parsed.tenant === tenantId && parsed.extension === extension && same(parsed.pin, ext.pin);
  if (!ok || !ext) {
    await recordLoginFailure(db, name, ip, windowMs);
    throw new AppError('invalid_credentials', 'invalidCredentials');
  }
  await clearLoginFailures(db, name);
  return { tenantId, extension: ext.extension, admin: ext.admin === 1 };
}
