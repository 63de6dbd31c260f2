import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { ACTIVATION_GRACE_MINUTES, ACTIVATION_SECRET_BYTES, ACTIVATION_SECRET_PATTERN } from '@provisio/contract';
import type { AppAccountsTable, AppActivationsTable, Database, ExtensionsTable } from '../../db/schema';
import type { Deps } from '../../deps';
import { readAppAccount } from '../app-accounts/app-accounts.repository';
import { type CheckedAccount, appUsername, checkedAccount } from '../app-auth/app-credentials';

/**
 * Activation secrets: 24 random bytes (192 bits), shown once in a QR, stored as their SHA-256. A random secret that
 * long cannot be guessed, so it needs no slow hash: checking one costs a query and a hash, never scrypt.
 */
export const ACTIVATION_GRACE_MS = ACTIVATION_GRACE_MINUTES * 60_000;

const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');
const sameHash = (a: string, storedHex: string) =>
  storedHex.length === 64 && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(storedHex, 'hex'));

/** `previous_until` of a previous secret a phone holds and that stays valid until an administrator rotates it. */
export const KEPT_UNTIL = 8_640_000_000_000_000;

/**
 * Issues a new secret for an app account and returns it in clear (the only time it exists so); a revoked app gets a
 * fresh start (nothing carried over). One statement, so parallel rotations cannot lose a row.
 *
 * - `rotate` (an administrator's rotateActivation): the current secret becomes the previous one, valid
 *   ACTIVATION_GRACE_MS more, then it stops: that is what a rotation is for.
 * - `show` (the user's own QR, on /getQR or after the app sign-in): a secret a phone has already used stays valid
 *   (kept as the previous one), so setting up a second device, or showing the QR again, does not cut off the phone
 *   that re-provisions with it every PROVISION_REFRESH_SECONDS; a secret never used gets the grace only, and a kept
 *   one is not pushed out by a QR that was never scanned. Two devices keep working; a third used secret pushes the
 *   oldest out.
 */
export async function issueActivationSecret(
  db: Kysely<Database>,
  appAccountId: number,
  now = Date.now(),
  mode: 'show' | 'rotate' = 'show',
): Promise<string> {
  const secret = randomBytes(ACTIVATION_SECRET_BYTES).toString('base64url');
  const hash = hashOf(secret);
  const show = mode === 'show';
  await db
    .insertInto('app_activations')
    .values({
      app_account_id: appAccountId,
      secret_hash: hash,
      previous_hash: '',
      previous_until: 0,
      issued_at: now,
      first_used_at: null,
      revoked_at: null,
    })
    .onConflict((oc) =>
      oc.column('app_account_id').doUpdateSet((eb) => {
        const revoked = eb('app_activations.revoked_at', 'is not', null);
        const currentUsed = eb('app_activations.first_used_at', 'is not', null);
        if (!show) {
          return {
            previous_hash: eb.case().when(revoked).then('').else(eb.ref('app_activations.secret_hash')).end(),
            previous_until: eb
              .case()
              .when(revoked)
              .then(0)
              .else(now + ACTIVATION_GRACE_MS)
              .end(),
            secret_hash: hash,
            issued_at: now,
            first_used_at: null,
            revoked_at: null,
          };
        }
        // The current secret was never scanned and a phone holds the kept previous one: keep that one.
        const keepPrevious = eb.and([eb.not(currentUsed), eb('app_activations.previous_until', '>=', KEPT_UNTIL)]);
        return {
          previous_hash: eb
            .case()
            .when(revoked)
            .then('')
            .when(keepPrevious)
            .then(eb.ref('app_activations.previous_hash'))
            .else(eb.ref('app_activations.secret_hash'))
            .end(),
          previous_until: eb
            .case()
            .when(revoked)
            .then(0)
            .when(keepPrevious)
            .then(eb.ref('app_activations.previous_until'))
            .when(currentUsed)
            .then(KEPT_UNTIL)
            .else(now + ACTIVATION_GRACE_MS)
            .end(),
          secret_hash: hash,
          issued_at: now,
          first_used_at: null,
          revoked_at: null,
        };
      }),
    )
    .execute();
  return secret;
}

/** Revokes an app: no secret matches any more, and the password check refuses the account (app-credentials). */
export async function revokeActivation(db: Kysely<Database>, appAccountId: number, now = Date.now()): Promise<void> {
  await db
    .insertInto('app_activations')
    .values({
      app_account_id: appAccountId,
      secret_hash: '',
      previous_hash: '',
      previous_until: 0,
      issued_at: now,
      first_used_at: null,
      revoked_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('app_account_id')
        .doUpdateSet({ secret_hash: '', previous_hash: '', previous_until: 0, revoked_at: now }),
    )
    .execute();
}

type ActivationRow = Pick<
  Selectable<AppAccountsTable>,
  'id' | 'username' | 'tenant_id' | 'extension' | 'must_change_password'
> &
  Partial<Pick<Selectable<ExtensionsTable>, 'linked' | 'domain' | 'admin' | 'firstname' | 'lastname' | 'pin'>> &
  Omit<Selectable<AppActivationsTable>, 'app_account_id' | 'issued_at'>;

/**
 * The fast path of `/provision`: the account whose current secret (or previous one, within its grace) is `secret`,
 * or null, and then the caller falls back to the throttled password check, so a wrong, expired or revoked secret
 * counts as a failed attempt there. A right secret is not throttled: it is not a guess, and a lock-out caused by
 * someone guessing must not cut off the phones that hold it.
 */
export async function checkActivationSecret(
  deps: Deps,
  rawUsername: string,
  secret: string,
): Promise<CheckedAccount | null> {
  if (!ACTIVATION_SECRET_PATTERN.test(secret)) return null;
  const username = appUsername(rawUsername);
  // Written out (not built) because it runs on every provisioning request: building and compiling it cost more
  // than SQLite takes to answer it (three index searches).
  const { rows } = await sql<ActivationRow>`
    SELECT a.id, a.username, a.tenant_id, a.extension, a.must_change_password, e.linked, e.domain, e.admin, e.firstname,
           e.lastname, e.pin, v.secret_hash, v.previous_hash, v.previous_until, v.first_used_at, v.revoked_at
    FROM app_accounts a
    JOIN app_activations v ON v.app_account_id = a.id
    LEFT JOIN extensions e ON e.tenant_id = a.tenant_id AND e.extension = a.extension
    WHERE a.cloud_id = ${deps.config.CLOUD_ID} AND a.username = ${username}`.execute(deps.db.kysely);
  const row = rows[0];
  if (!row || row.revoked_at !== null || !readAppAccount(row).linked) return null;
  const hash = hashOf(secret);
  const current = sameHash(hash, row.secret_hash);
  const previous = !current && Number(row.previous_until) > Date.now() && sameHash(hash, row.previous_hash);
  if (!current && !previous) return null;
  if (current && row.first_used_at === null) {
    await deps.db.kysely
      .updateTable('app_activations')
      .set({ first_used_at: Date.now() })
      .where('app_account_id', '=', row.id)
      .where('first_used_at', 'is', null)
      .execute();
  }
  return checkedAccount(row);
}
