import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';

/**
 * TOTP secrets at rest: the server must read them back to check codes, so they are encrypted (AES-256-GCM), not
 * hashed. The key is a random 32 bytes kept in server_secrets (like lib/signing.ts's grant key), made on first
 * use and shared by every instance through the database. The account is the associated data, so a ciphertext
 * copied onto another account's row does not decrypt. docs/security.md says what this protects and what not.
 */
const KEY_NAME = 'two-factor-aes';
const keys = new WeakMap<Db, Promise<Buffer>>();

async function loadKey(db: Db): Promise<Buffer> {
  const read = () =>
    db.kysely.selectFrom('server_secrets').select('value').where('name', '=', KEY_NAME).executeTakeFirst();
  let row = await read();
  if (!row) {
    // Two instances may start at once: the first insert wins and both read it back.
    await db.kysely
      .insertInto('server_secrets')
      .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url'), created_at: Date.now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error('two-factor key missing');
  return Buffer.from(row.value, 'base64url');
}

function keyOf(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const b64 = (b: Buffer) => b.toString('base64url');

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export async function sealSecret(db: Db, secret: string, owner: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(db), iv);
  cipher.setAAD(Buffer.from(owner));
  const ct = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', b64(iv), b64(cipher.getAuthTag()), b64(ct)].join('.');
}

export async function openSecret(db: Db, sealed: string, owner: string): Promise<string> {
  const [version, iv, tag, ct] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !ct) throw new Error('unknown two-factor secret format');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(db), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(owner));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}
