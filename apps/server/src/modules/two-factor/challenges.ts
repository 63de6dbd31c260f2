import { createHash } from 'node:crypto';
import { TWO_FACTOR, type TwoFactorLoginStep } from '@provisio/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { Principal } from '../auth/sessions';

/**
 * The two short-lived credentials of the second step, both kept as SHA-256 hashes: the challenge adminLogin answers
 * after a right password (single use, TWO_FACTOR.challengeMinutes), and the "remember this browser" token.
 */
const CHALLENGE_MS = TWO_FACTOR.challengeMinutes * 60_000;

export async function createChallenge(
  db: Db,
  p: Principal,
  step: TwoFactorLoginStep['step'],
): Promise<Omit<TwoFactorLoginStep, 'remember_days'>> {
  const { token, hash } = newToken();
  const now = Date.now();
  // The account's spent and expired challenges go as a new one comes.
  await db.kysely
    .deleteFrom('two_factor_challenges')
    .where('principal_type', '=', p.type)
    .where('principal_id', '=', p.id)
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('used_at', 'is not', null)]))
    .execute();
  await db.kysely
    .insertInto('two_factor_challenges')
    .values({
      principal_type: p.type,
      principal_id: p.id,
      token_hash: hash,
      step,
      expires_at: now + CHALLENGE_MS,
      used_at: null,
      created_at: now,
    })
    .execute();
  return { step, challenge: token, expires_at: now + CHALLENGE_MS };
}

export interface OpenChallenge {
  id: number;
  principal: Principal;
}

const challengeInvalid = () => new AppError('invalid_credentials', 'twoFactorChallengeInvalid');

/** The unexpired, unused challenge of this step, or the 401 that sends the caller back to the password. */
export async function openChallenge(
  db: Db,
  challenge: string,
  step: TwoFactorLoginStep['step'],
): Promise<OpenChallenge> {
  const row = await db.kysely
    .selectFrom('two_factor_challenges')
    .select(['id', 'principal_type', 'principal_id'])
    .where('token_hash', '=', hashToken(challenge))
    .where('step', '=', step)
    .where('used_at', 'is', null)
    .where('expires_at', '>', Date.now())
    .executeTakeFirst();
  if (!row) throw challengeInvalid();
  return { id: row.id, principal: { type: row.principal_type, id: row.principal_id } };
}

/** Spends the challenge: only one request can (parallel right codes make one session). */
export async function spendChallenge(db: Db, id: number): Promise<void> {
  const res = await db.kysely
    .updateTable('two_factor_challenges')
    .set({ used_at: Date.now() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw challengeInvalid();
}

/** A fingerprint of the password hash: a token made under one password is refused under the next. */
const stampOf = (passwordHash: string) => createHash('sha256').update(`remember:${passwordHash}`).digest('hex');

export async function rememberBrowser(
  db: Db,
  p: Principal,
  passwordHash: string,
  days: number,
  userAgent: string,
): Promise<{ remember_token: string; remember_expires_at: number }> {
  const { token, hash } = newToken();
  const now = Date.now();
  const expires = now + days * 86_400_000;
  await db.kysely
    .deleteFrom('two_factor_remembered')
    .where('principal_type', '=', p.type)
    .where('principal_id', '=', p.id)
    .where('expires_at', '<', now)
    .execute();
  await db.kysely
    .insertInto('two_factor_remembered')
    .values({
      principal_type: p.type,
      principal_id: p.id,
      token_hash: hash,
      password_stamp: stampOf(passwordHash),
      user_agent: userAgent.slice(0, 255),
      expires_at: expires,
      created_at: now,
    })
    .execute();
  return { remember_token: token, remember_expires_at: expires };
}

/** Whether a remember token is this account's, unexpired, and made under its current password. */
export async function isRemembered(db: Db, p: Principal, token: string, passwordHash: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('two_factor_remembered')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .where('principal_type', '=', p.type)
    .where('principal_id', '=', p.id)
    .where('password_stamp', '=', stampOf(passwordHash))
    .where('expires_at', '>', Date.now())
    .executeTakeFirst();
  return row !== undefined;
}
