import type {
  EnrolFinishBody,
  TwoFactorLoginStep,
  TwoFactorSetupReply,
  TwoFactorSignedIn,
  VerifyTwoFactorBody,
} from '@provisio/contract';
import type { BodyOut } from '@provisio/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { claimAttempt, throttleRules } from '../auth/login-throttle';
import { type Principal, createSession } from '../auth/sessions';
import { createChallenge, isRemembered, openChallenge, rememberBrowser, spendChallenge } from './challenges';
import * as repo from './two-factor.repository';
import { enableWithCode, newSecretFor, newRecoveryCodesFor, openFactor } from './factor';
import { hashRecoveryCode } from './totp';

/**
 * The second sign-in step (issue #18). adminLogin calls secondStep after a right password: an account with a second
 * factor (or one the policy says must have it) gets a challenge instead of a session, and verifyTwoFactor or the
 * forced enrolment turn the challenge and a code into the session. sessions.ts and the auth plugin are unchanged.
 */
export interface Meta {
  ip: string;
  userAgent: string;
}

/** The second step an account needs after its password, or null when the password alone signs it in. */
export async function secondStep(
  deps: Deps,
  p: Principal,
  role: TwoFactorSignedIn['user_type'],
  passwordHash: string,
  rememberToken: string | undefined,
): Promise<TwoFactorLoginStep | null> {
  const factor = await repo.readFactor(deps.db.kysely, p);
  const remember_days = deps.config.TWO_FACTOR_REMEMBER_DAYS;
  if (factor?.enabled_at != null) {
    if (rememberToken && (await isRemembered(deps.db, p, rememberToken, passwordHash))) return null;
    return { ...(await createChallenge(deps.db, p, 'verify')), remember_days };
  }
  if (!repo.policyApplies(await repo.readPolicy(deps.db.kysely), role)) return null;
  return { ...(await createChallenge(deps.db, p, 'enrol')), remember_days };
}

/** createSession answers the token (or, in a newer sessions.ts, the token with the session's id). */
export const tokenOf = (s: string | { token: string }) => (typeof s === 'string' ? s : s.token);

async function signIn(deps: Deps, p: Principal, meta: Meta, remember: boolean | undefined): Promise<TwoFactorSignedIn> {
  const account = await repo.readAccount(deps.db, p);
  if (!account) throw new AppError('invalid_credentials', 'twoFactorChallengeInvalid');
  const Token = tokenOf(await createSession(deps.db, p, meta));
  const remembered = remember
    ? await rememberBrowser(deps.db, p, account.passwordHash, deps.config.TWO_FACTOR_REMEMBER_DAYS, meta.userAgent)
    : {};
  return {
    name: account.name,
    id: p.id,
    user_type: account.role,
    username: account.username,
    Token,
    url: account.url,
    ...remembered,
  };
}

/** The second step's attempts count like passwords (login-throttle.ts), per account and per address. */
async function claim(deps: Deps, p: Principal, ip: string) {
  const account = await repo.readAccount(deps.db, p);
  if (!account) throw new AppError('invalid_credentials', 'twoFactorChallengeInvalid');
  return claimAttempt(deps.db, 'admin', `2fa/${account.username}`, ip, throttleRules(deps.config, 'admin'));
}

export async function verifyTwoFactor(
  deps: Deps,
  body: BodyOut<typeof VerifyTwoFactorBody>,
  meta: Meta,
): Promise<TwoFactorSignedIn> {
  const { db } = deps;
  const ch = await openChallenge(db, body.challenge, 'verify');
  const attempt = await claim(deps, ch.principal, meta.ip);
  if (body.recovery_code !== undefined) {
    if (!(await repo.useRecoveryCode(db.kysely, ch.principal, hashRecoveryCode(body.recovery_code))))
      throw new AppError('invalid_credentials', 'twoFactorCodeWrong');
  } else {
    const factor = await openFactor(db, ch.principal);
    if (!factor?.enabled) throw new AppError('invalid_credentials', 'twoFactorChallengeInvalid');
    await factor.take(body.code ?? '', 'invalid_credentials');
  }
  await spendChallenge(db, ch.id);
  await attempt.succeeded();
  return signIn(deps, ch.principal, meta, body.remember);
}

/** Forced enrolment, step 1: a new secret for the challenge's account (the challenge stays usable). */
export async function enrolStart(deps: Deps, challenge: string): Promise<TwoFactorSetupReply> {
  const ch = await openChallenge(deps.db, challenge, 'enrol');
  const account = await repo.readAccount(deps.db, ch.principal);
  if (!account) throw new AppError('invalid_credentials', 'twoFactorChallengeInvalid');
  return newSecretFor(deps, ch.principal, account.username);
}

/** Forced enrolment, step 2: a code of the new secret turns the factor on and gives the session and codes. */
export async function enrolFinish(
  deps: Deps,
  body: BodyOut<typeof EnrolFinishBody>,
  meta: Meta,
): Promise<TwoFactorSignedIn> {
  const ch = await openChallenge(deps.db, body.challenge, 'enrol');
  const attempt = await claim(deps, ch.principal, meta.ip);
  await enableWithCode(deps, ch.principal, body.code, 'invalid_credentials');
  await spendChallenge(deps.db, ch.id);
  await attempt.succeeded();
  const recovery_codes = await newRecoveryCodesFor(deps, ch.principal);
  return { ...(await signIn(deps, ch.principal, meta, body.remember)), recovery_codes };
}
