import type { Db } from '../../db/database';
import { openWith, sealWith, serverKey } from '../../lib/server-keys';

/**
 * TOTP secrets at rest: the server must read them back to check codes, so they are encrypted (AES-256-GCM), not
 * hashed. The key is a random 32 bytes kept in server_secrets (like lib/signing.ts's grant key), made on first
 * use and shared by every instance through the database. The account is the associated data, so a ciphertext
 * copied onto another account's row does not decrypt. docs/security.md says what this protects and what not.
 */
const KEY_NAME = 'two-factor-aes';

export async function sealSecret(db: Db, secret: string, owner: string): Promise<string> {
  return sealWith(await serverKey(db, KEY_NAME), secret, owner);
}

export async function openSecret(db: Db, sealed: string, owner: string): Promise<string> {
  return openWith(await serverKey(db, KEY_NAME), sealed, owner);
}
