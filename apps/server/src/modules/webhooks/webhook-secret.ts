import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { loadServerKey, openWith, sealWith } from '../../lib/server-keys';

/**
 * Signing secrets at rest. The portal must sign with them, so they are encrypted (AES-256-GCM), not hashed, under a
 * random 32-byte key kept in server_secrets ('webhooks-aes', made on first use and shared by every instance through
 * the database, as lib/signing.ts does for its grant key). A copy of the database alone therefore also holds the
 * key: this protects a leaked endpoint row or log line, not a whole stolen database (docs/security.md).
 */
const KEY_NAME = 'webhooks-aes';
const AAD = 'webhook-endpoint';
type Q = Kysely<Database>;

/** A new secret: `whsec_` and 32 random bytes (base64url). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export async function sealWebhookSecret(db: Q, secret: string): Promise<string> {
  return sealWith(await loadServerKey(db, KEY_NAME), secret, AAD);
}

export async function openWebhookSecret(db: Q, sealed: string): Promise<string> {
  return openWith(await loadServerKey(db, KEY_NAME), sealed, AAD);
}

/**
 * `X-Provisio-Signature: t=<unix seconds>,v1=<hex>`, the hex being HMAC-SHA256, keyed with the whole secret
 * string (UTF-8), over `<t>.<raw body>`. A receiver recomputes it over the bytes it received and should refuse a
 * t far from its clock (replays).
 */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
