import {
  type AdminLoginBody,
  type AdminLoginReply,
  type Language,
  type MeReply,
  passwordStrength,
} from '@provisio/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { withPasswordCheck } from '../../lib/passwords';
import type { Caller } from '../../lib/caller';
import { claimAttempt, forgiveAccount, takeRateSlot, throttleRules } from './login-throttle';
import { consumeResetRef, findResetTarget, sendResetLink } from './password-reset';
import { type Principal, createSession, revokeAllSessions, revokeSessionById } from './sessions';
import { findUserByUsername, readUser } from '../users/users.repository';
import { secondStep, tokenOf } from '../two-factor/sign-in';

interface Account {
  principal: Principal;
  name: string;
  username: string;
  role: AdminLoginReply['user_type'];
  passwordHash: string;
  active: boolean;
  pictureUrl: string | null;
}

/** Portal users sign in with their username; reseller users with their email (issue #3). */
async function findAccount(deps: Deps, login: string): Promise<Account | undefined> {
  const name = login.trim().toLowerCase();
  const u = await findUserByUsername(deps.db.kysely, name);
  if (u) {
    return {
      principal: { type: 'user', id: u.id },
      name: u.name,
      username: u.username,
      role: u.user_type,
      passwordHash: u.password_hash,
      active: readUser(u).active,
      pictureUrl: u.picture_url,
    };
  }
  const r = await deps.db.kysely.selectFrom('reseller_users').selectAll().where('email', '=', name).executeTakeFirst();
  if (!r) return undefined;
  return {
    principal: { type: 'reseller_user', id: r.id },
    name: r.name,
    username: r.email,
    role: 'reseller user',
    passwordHash: r.password_hash,
    active: true,
    pictureUrl: r.picture_url,
  };
}

export async function adminLogin(
  deps: Deps,
  body: AdminLoginBody,
  meta: { ip: string; userAgent: string },
): Promise<AdminLoginReply> {
  const { config, db } = deps;
  // A place in the password queue first: a sign-in refused for a busy server has not counted as an attempt.
  return withPasswordCheck(async (check) => {
    const attempt = await claimAttempt(db, 'admin', body.user, meta.ip, throttleRules(config, 'admin'));
    const account = await findAccount(deps, body.user);
    const passwordOk = account
      ? await check.verify(body.password, account.passwordHash)
      : await check.burn(body.password);
    const cloudOk = body.cloud_id.trim().toUpperCase() === config.CLOUD_ID.toUpperCase();
    // One answer for wrong user, wrong password, wrong cloud and inactive account.
    if (!account || !passwordOk || !cloudOk || !account.active)
      throw new AppError('invalid_credentials', 'invalidCredentials');
    await attempt.succeeded();
    const who = {
      name: account.name,
      id: account.principal.id,
      user_type: account.role,
      username: account.username,
      url: account.pictureUrl,
    };
    // Issue #18: an account with a second factor (or one the policy requires) gets a challenge, not a session yet.
    const step = await secondStep(
      deps,
      account.principal,
      account.role,
      account.passwordHash,
      body.two_factor_remember,
    );
    if (step) return { ...who, two_factor: step };
    return { ...who, Token: tokenOf(await createSession(db, account.principal, meta)) };
  });
}

export function describeCaller(deps: Deps, caller: Caller): MeReply {
  return {
    id: caller.id,
    name: caller.name,
    username: caller.username,
    user_type: caller.role,
    url: caller.pictureUrl,
    cloud_id: deps.config.CLOUD_ID,
  };
}

export async function logout(deps: Deps, caller: Caller): Promise<void> {
  await revokeSessionById(deps.db, caller.sessionId);
}

const RESET_REQUESTS_PER_HOUR = 5;

/** Answers the same whether or not the account exists; the email goes out only when it does. */
export async function forgetPassword(deps: Deps, username: string, lang: Language): Promise<void> {
  const login = username.trim().toLowerCase();
  const slot = await takeRateSlot(deps.db, `reset:user:${login}`, RESET_REQUESTS_PER_HOUR, 60 * 60_000);
  if (!slot.ok) throw new AppError('too_many_attempts', 'tooManyResetRequests', { minutes: slot.minutes });
  const found = await findResetTarget(deps, login);
  if (found) await sendResetLink(deps, found.target, found.path, lang);
}

/** Reseller reset (spec §5): 8 to 100 characters and a strength of 4 of 4; a weak password keeps the link usable. */
export async function resetResellerPassword(deps: Deps, ref: string, password: string): Promise<void> {
  if (!passwordStrength(password).strong) throw new AppError('weak_password', 'passwordWeak');
  const passwordHash = await withPasswordCheck((check) => check.hash(password));
  const id = await consumeResetRef(deps, 'reseller_user', ref);
  const row = await deps.db.kysely
    .updateTable('reseller_users')
    .set({ password_hash: passwordHash, updated_at: Date.now() })
    .where('id', '=', id)
    .returning('email')
    .executeTakeFirst();
  await revokeAllSessions(deps.db, { type: 'reseller_user', id });
  if (row) await forgiveAccount(deps.db, 'admin', row.email);
}

export async function resetPassword(deps: Deps, ref: string, password: string): Promise<void> {
  const passwordHash = await withPasswordCheck((check) => check.hash(password));
  const userId = await consumeResetRef(deps, 'user', ref);
  const user = await deps.db.kysely
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: Date.now() })
    .where('id', '=', userId)
    .returning('username')
    .executeTakeFirst();
  await revokeAllSessions(deps.db, { type: 'user', id: userId });
  if (user) await forgiveAccount(deps.db, 'admin', user.username);
}

/** Changes the caller's own password; other sessions of the account end, the current one stays. */
export async function changePassword(
  deps: Deps,
  caller: Caller,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const table = caller.kind === 'user' ? 'users' : 'reseller_users';
  const row = await deps.db.kysely
    .selectFrom(table)
    .select('password_hash')
    .where('id', '=', caller.id)
    .executeTakeFirst();
  const passwordHash = await withPasswordCheck(async (check) => {
    if (!row || !(await check.verify(oldPassword, row.password_hash)))
      throw new AppError('wrong_password', 'wrongPassword');
    return check.hash(newPassword);
  });
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable(table)
      .set({ password_hash: passwordHash, updated_at: Date.now() })
      .where('id', '=', caller.id)
      .execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: Date.now() })
      .where('principal_type', '=', caller.kind)
      .where('principal_id', '=', caller.id)
      .where('id', '!=', caller.sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  });
}
