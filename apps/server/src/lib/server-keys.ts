import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/**
 * Keys the server makes for itself: a random 32 bytes per name in the server_secrets table, made on first use and
 * shared by every instance through the database (nothing to configure). Used for the grant signatures
 * (lib/signing.ts) and to encrypt secrets the server must read back (TOTP secrets, webhook signing secrets). A copy
 * of the whole database also holds the keys: this protects a leaked row or log line, not a stolen database
 * (docs/security.md).
 */
export async function loadServerKey(db: Kysely<Database>, name: string): Promise<Buffer> {
  const read = () => db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  let row = await read();
  if (!row) {
    // Two instances may start at once: the first insert wins and both read it back.
    await db
      .insertInto('server_secrets')
      .values({ name, value: randomBytes(32).toString('base64url'), created_at: Date.now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error(`server key ${name} missing`);
  return Buffer.from(row.value, 'base64url');
}

const cache = new WeakMap<Db, Map<string, Promise<Buffer>>>();

/** loadServerKey, read once per database and name (a failed read is tried again next time). */
export function serverKey(db: Db, name: string): Promise<Buffer> {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let key = byName.get(name);
  if (!key) {
    key = loadServerKey(db.kysely, name);
    key.catch(() => byName.delete(name));
    byName.set(name, key);
  }
  return key;
}

const b64 = (b: Buffer) => b.toString('base64url');

/**
 * A secret sealed with AES-256-GCM under `key`, bound to `aad` (a ciphertext copied onto another owner's row does not
 * open): `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export function sealWith(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', b64(iv), b64(cipher.getAuthTag()), b64(ct)].join('.');
}

/** The plaintext of sealWith's output; throws on another format, key or aad. */
export function openWith(key: Buffer, sealed: string, aad: string): string {
  const [version, iv, tag, ct] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !ct) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}
