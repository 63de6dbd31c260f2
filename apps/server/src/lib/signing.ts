import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import { serverKey } from './server-keys';

/**
 * Short-lived signed grants (QR email permission, recording links, listen-in links): HMAC-SHA256 with a random
 * secret kept in the server_secrets table. Every instance reads the same secret from the shared database, so a
 * grant issued by one instance is accepted by another, and nothing has to be configured.
 */
const SECRET_NAME = 'grant-hmac';
const signingKey = (db: Db) => serverKey(db, SECRET_NAME);

const mac = (key: Buffer, purpose: string, body: string) =>
  createHmac('sha256', key).update(`${purpose}.${body}`).digest('base64url');

/** `body.signature`; the purpose is part of the signature, so a grant for one use is refused for another. */
export async function signGrant(
  db: Db,
  purpose: string,
  claims: Record<string, string | number>,
  ttlMs: number,
): Promise<{ grant: string; expiresAt: number }> {
  const expiresAt = Date.now() + ttlMs;
  const body = Buffer.from(JSON.stringify({ ...claims, exp: expiresAt })).toString('base64url');
  return { grant: `${body}.${mac(await signingKey(db), purpose, body)}`, expiresAt };
}

/** The claims of a valid, unexpired grant for this purpose, or null. */
export async function verifyGrant(
  db: Db,
  purpose: string,
  grant: string | undefined,
): Promise<Record<string, unknown> | null> {
  if (!grant) return null;
  const [body, sig, extra] = grant.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const expected = Buffer.from(mac(await signingKey(db), purpose, body));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    return typeof claims.exp === 'number' && claims.exp > Date.now() ? claims : null;
  } catch {
    return null;
  }
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');
