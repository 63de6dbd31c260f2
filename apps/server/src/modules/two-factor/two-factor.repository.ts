import type { Kysely } from 'kysely';
import type { Role, TwoFactorPolicy } from '@provisio/contract';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Principal } from '../auth/sessions';

/** SQL of two-factor sign-in. Every statement names the account (principal) it is about. */
type Q = Kysely<Database>;

const ofPrincipal = (p: Principal) => ({ principal_type: p.type, principal_id: p.id });

export async function readFactor(q: Q, p: Principal) {
  return q
    .selectFrom('two_factor')
    .select(['id', 'secret_enc', 'enabled_at', 'last_step'])
    .where('principal_type', '=', p.type)
    .where('principal_id', '=', p.id)
    .executeTakeFirst();
}

/** Stores a secret awaiting its first code; an account whose factor is on keeps it (the upsert changes nothing). */
export async function storePendingSecret(q: Q, p: Principal, secretEnc: string): Promise<void> {
  const now = Date.now();
  await q
    .insertInto('two_factor')
    .values({ ...ofPrincipal(p), secret_enc: secretEnc, enabled_at: null, created_at: now })
    .onConflict((oc) =>
      oc
        .columns(['principal_type', 'principal_id'])
        .doUpdateSet({ secret_enc: secretEnc, created_at: now, last_step: 0 })
        .where('two_factor.enabled_at', 'is', null),
    )
    .execute();
}

/** Takes a step for a code: true for the one request that moved last_step forward, false for a replay. */
export async function claimStep(q: Q, factorId: number, step: number, enable: boolean): Promise<boolean> {
  const res = await q
    .updateTable('two_factor')
    .set({ last_step: step, ...(enable ? { enabled_at: Date.now() } : {}) })
    .where('id', '=', factorId)
    .where('last_step', '<', step)
    .where('enabled_at', enable ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(q: Q, p: Principal, hashes: string[]): Promise<void> {
  await q
    .deleteFrom('two_factor_recovery_codes')
    .where('principal_type', '=', p.type)
    .where('principal_id', '=', p.id)
    .execute();
  const now = Date.now();
  await q
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ ...ofPrincipal(p), code_hash, used_at: null, created_at: now })))
    .execute();
}

/** Spends a recovery code: true for the one request that marked it used. */
export async function useRecoveryCode(q: Q, p: Principal, hash: string): Promise<boolean> {
  const res = await q
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: Date.now() })
    .where('principal_type', '=', p.type)
    .where('principal_id', '=', p.id)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(q: Q, p: Principal): Promise<number> {
  const row = await q
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('principal_type', '=', p.type)
    .where('principal_id', '=', p.id)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes the account's second factor with everything hanging from it (codes, challenges, remembered browsers). */
export async function removeFactor(q: Q, p: Principal): Promise<void> {
  for (const table of [
    'two_factor',
    'two_factor_recovery_codes',
    'two_factor_challenges',
    'two_factor_remembered',
  ] as const)
    await q.deleteFrom(table).where('principal_type', '=', p.type).where('principal_id', '=', p.id).execute();
}

export interface AccountRow {
  name: string;
  username: string;
  role: Role;
  url: string | null;
  passwordHash: string;
}

/** The account behind a principal, or undefined when it is gone or inactive. */
export async function readAccount(db: Db, p: Principal): Promise<AccountRow | undefined> {
  if (p.type === 'user') {
    const u = await db.kysely
      .selectFrom('users')
      .select(['name', 'username', 'user_type', 'picture_url', 'password_hash', 'active'])
      .where('id', '=', p.id)
      .executeTakeFirst();
    if (!u || Number(u.active) !== 1) return undefined;
    return { name: u.name, username: u.username, role: u.user_type, url: u.picture_url, passwordHash: u.password_hash };
  }
  const r = await db.kysely
    .selectFrom('reseller_users')
    .select(['name', 'email', 'picture_url', 'password_hash'])
    .where('id', '=', p.id)
    .executeTakeFirst();
  if (!r) return undefined;
  return { name: r.name, username: r.email, role: 'reseller user', url: r.picture_url, passwordHash: r.password_hash };
}

export const POLICY_SETTING = 'two_factor_required_for';

export async function readPolicy(q: Q): Promise<TwoFactorPolicy> {
  const row = await q
    .selectFrom('system_settings')
    .select('value')
    .where('name', '=', POLICY_SETTING)
    .executeTakeFirst();
  const v = row?.value;
  return v === 'admins' || v === 'reseller_users' || v === 'everyone' ? v : 'off';
}

export async function writePolicy(q: Q, value: TwoFactorPolicy, by: string): Promise<void> {
  const now = Date.now();
  await q
    .insertInto('system_settings')
    .values({ name: POLICY_SETTING, value, updated_at: now, updated_by: by })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: now, updated_by: by }))
    .execute();
}

export const policyApplies = (policy: TwoFactorPolicy, role: Role): boolean =>
  policy === 'everyone' ||
  (policy === 'admins' && role === 'admin') ||
  (policy === 'reseller_users' && role === 'reseller user');
