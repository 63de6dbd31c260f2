import type { ErrorCode, TwoFactorSetupReply } from '@provisio/contract';
import type { Db } from '../../db/database';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/sessions';
import { openSecret, sealSecret } from './secret-box';
import { matchStep, newRecoveryCodes, newTotpSecret, otpauthUri } from './totp';
import * as repo from './two-factor.repository';

/** What authenticator apps show above the code. */
const ISSUER = 'Provisio';

const ownerOf = (p: Principal) => `${p.type}:${p.id}`;

export interface OpenFactor {
  enabled: boolean;
  enabledAt: number | null;
  /**
   * Accepts a code of the current step or one step either side, once: the step is claimed atomically, so of two
   * requests with the same code one wins and the other is refused as used. `code` answers the refusal's status.
   */
  take(code: string, refusal: ErrorCode): Promise<void>;
}

export async function openFactor(db: Db, p: Principal): Promise<OpenFactor | undefined> {
  const row = await repo.readFactor(db.kysely, p);
  if (!row) return undefined;
  const enabled = row.enabled_at !== null;
  return {
    enabled,
    enabledAt: row.enabled_at === null ? null : Number(row.enabled_at),
    async take(code, refusal) {
      const step = matchStep(await openSecret(db, row.secret_enc, ownerOf(p)), code, Date.now());
      if (step === null) throw new AppError(refusal, 'twoFactorCodeWrong');
      if (!(await repo.claimStep(db.kysely, row.id, step, !enabled)))
        throw new AppError(refusal, enabled ? 'twoFactorCodeUsed' : 'twoFactorSetupMissing');
    },
  };
}

/** A new secret waiting for its first code (replacing an unconfirmed one); refused when the factor is on. */
export async function newSecretFor(deps: Deps, p: Principal, username: string): Promise<TwoFactorSetupReply> {
  const { db } = deps;
  const alreadyOn = () => new AppError('conflict', 'twoFactorAlreadyOn');
  if ((await repo.readFactor(db.kysely, p))?.enabled_at != null) throw alreadyOn();
  const secret = newTotpSecret();
  await repo.storePendingSecret(db.kysely, p, await sealSecret(db, secret, ownerOf(p)));
  // The upsert leaves a factor that another request turned on meanwhile alone.
  if ((await repo.readFactor(db.kysely, p))?.enabled_at != null) throw alreadyOn();
  return { secret, otpauth_uri: otpauthUri(secret, username, ISSUER) };
}

/** Confirms the waiting secret with a code of it: the factor is on from then on. */
export async function enableWithCode(deps: Deps, p: Principal, code: string, refusal: ErrorCode): Promise<void> {
  const factor = await openFactor(deps.db, p);
  if (!factor) throw new AppError('bad_request', 'twoFactorSetupMissing');
  if (factor.enabled) throw new AppError('conflict', 'twoFactorAlreadyOn');
  await factor.take(code, refusal);
}

/** Ten new recovery codes (the old ones stop working); only their hashes are kept. */
export async function newRecoveryCodesFor(deps: Deps, p: Principal): Promise<string[]> {
  const { codes, hashes } = newRecoveryCodes();
  await deps.db.kysely.transaction().execute((trx) => repo.replaceRecoveryCodes(trx, p, hashes));
  return codes;
}
