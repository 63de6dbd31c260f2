import type { Deps } from '../../deps';
import type { AppError } from '../../lib/errors';
import { type PasswordCheck, withPasswordCheck } from '../../lib/passwords';
import { readAppAccount } from '../app-accounts/app-accounts.repository';
import { claimAttempt, forgiveAccount, throttleRules } from '../auth/login-throttle';

/** App usernames are emails: spaces stripped (spec §4), lowercased. */
export const appUsername = (raw: string) => raw.replace(/\s+/g, '').toLowerCase();

export interface CheckedAccount {
  id: number;
  username: string;
  tenantId: string;
  extension: string;
  domain: string;
  mustChange: boolean;
  admin: boolean;
  firstname: string;
  lastname: string;
  pin: string;
}

/**
 * Checks app credentials with the admin sign-in's throttle (429 past the limit): unknown user, wrong password and
 * an account whose extension is gone, no longer linked or whose app was revoked all fail with `failure` and count as one failed attempt.
 * Takes its place in the password queue before the throttle counts the attempt (429 `server_busy` changes nothing),
 * unless the caller passes the place it holds.
 */
export async function checkAppCredentials(
  deps: Deps,
  rawUsername: string,
  password: string,
  ip: string,
  failure: () => AppError,
  held?: PasswordCheck,
): Promise<CheckedAccount> {
  if (!held) return withPasswordCheck((check) => checkAppCredentials(deps, rawUsername, password, ip, failure, check));
  const check = held;
  const { config, db } = deps;
  const username = appUsername(rawUsername);
  // App sign-in attempts are counted apart from admin ones (an admin may share the email).
  const attempt = await claimAttempt(db, 'app', username, ip, throttleRules(config, 'app'));
  const row = username
    ? await db.kysely
        .selectFrom('app_accounts as a')
        .leftJoin('extensions as e', (j) =>
          j.onRef('e.tenant_id', '=', 'a.tenant_id').onRef('e.extension', '=', 'a.extension'),
        )
        .leftJoin('app_activations as v', 'v.app_account_id', 'a.id')
        .select([
          'a.id',
          'a.username',
          'a.password_hash',
          'a.tenant_id',
          'a.extension',
          'a.must_change_password',
          'e.linked',
          'e.domain',
          'e.admin',
          'e.firstname',
          'e.lastname',
          'e.pin',
          'v.revoked_at',
        ])
        .where('a.cloud_id', '=', config.CLOUD_ID)
        .where('a.username', '=', username)
        .executeTakeFirst()
    : undefined;
  const ok = row && password ? await check.verify(password, row.password_hash) : await check.burn(password);
  // A revoked app (issue #14) is refused like a wrong password, on every surface.
  if (!row || !ok || !readAppAccount(row).linked || row.revoked_at != null) throw failure();
  await attempt.succeeded();
  return checkedAccount(row);
}

/** An app account row (joined with its extension) as the checks answer it. */
export function checkedAccount(row: {
  id: number;
  username: string;
  tenant_id: string;
  extension: string;
  must_change_password: number;
  domain?: string | null;
  admin?: number | null;
  firstname?: string | null;
  lastname?: string | null;
  pin?: string | null;
}): CheckedAccount {
  const flags = readAppAccount(row);
  return {
    id: row.id,
    username: row.username,
    tenantId: row.tenant_id,
    extension: row.extension,
    domain: row.domain ?? '',
    mustChange: flags.must_change_password,
    admin: flags.admin === true,
    firstname: row.firstname ?? '',
    lastname: row.lastname ?? '',
    pin: row.pin ?? '',
  };
}

export const clearAppLoginFailures = (deps: Deps, username: string) => forgiveAccount(deps.db, 'app', username);
