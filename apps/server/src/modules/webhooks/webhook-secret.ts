import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Signing secrets at rest. The portal must sign with them, so they are encrypted (AES-256-GCM), not hashed, under a
 * random 32-byte key kept in server_secrets ('webhooks-aes', made on first use and shared by every instance through
 * the database, as lib/signing.ts does for its grant key). A copy of the database alone therefore also holds the
 * key: this protects a leaked endpoint row or log line, not a whole stolen database (docs/security.md).
 */
const KEY_NAME = 'webhooks-aes';
const AAD = Buffer.from('webhook-endpoint');
type Q = Kysely<Database>;

async function keyOf(db: Q): Promise<Buffer> {
  const read = () => db.selectFrom('server_secrets').select('value').where('name', '=', KEY_NAME).executeTakeFirst();
  let row = await read();
  if (!row) {
    // Two instances may start at once: the first insert wins and both read it back.
    await db
      .insertInto('server_secrets')
      .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url'), created_at: Date.now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error('webhook key missing');
  return Buffer.from(row.value, 'base64url');
}

/** A new secret: `whsec_` and 32 random bytes (base64url). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const b64 = (b: Buffer) => b.toString('base64url');

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export async function sealWebhookSecret(db: Q, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(db), iv);
  cipher.setAAD(AAD);
  const ct = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', b64(iv), b64(cipher.getAuthTag()), b64(ct)].join('.');
}

export async function openWebhookSecret(db: Q, sealed: string): Promise<string> {
  const [version, iv, tag, ct] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !ct) throw new Error('unknown webhook secret format');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(db), Buffer.from(iv, 'base64url'));
  decipher.setAAD(AAD);
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
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
