import {
  type AppLoginBody,
  type ChangeAppPasswordBody,
  type Language,
  type UserInformationReply,
  appHandOffLink,
} from '@provisio/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { toFlag } from '../../lib/flags';
import { withPasswordCheck } from '../../lib/passwords';
import { issueActivationSecret } from '../app-activation/activation-secrets';
import { takeRateSlot } from '../auth/login-throttle';
import { consumeResetRef, sendResetLink } from '../auth/password-reset';
import { appUsername, checkAppCredentials, clearAppLoginFailures } from './app-credentials';
import { createAppSession, revokeAppSessions } from './app-sessions';

const invalid = () => new AppError('invalid_credentials', 'invalidCredentials');
const RESET_REQUESTS_PER_HOUR = 5;

/** Strict base64 (the browser's btoa of the UTF-8 bytes); anything else is just a wrong password. */
function decodeBase64(s: string): string | null {
  const t = s.trim();
  if (!t || !/^[A-Za-z0-9+/]+={0,2}$/.test(t) || t.length % 4 !== 0) return null;
  return Buffer.from(t, 'base64').toString('utf8');
}

export type AppLoginResult =
  { status: 200; username: string; link: string; app_token: string } | { status: 202; username: string };

/** 200 with the hand-off link, or 202 when the password must change first; every failure is 'Invalid Credentials'. */
export async function appLogin(deps: Deps, body: AppLoginBody, ip: string): Promise<AppLoginResult> {
  const password = decodeBase64(body.password) ?? '';
  const acct = await checkAppCredentials(deps, body.username, password, ip, invalid);
  if (acct.mustChange) return { status: 202, username: acct.username };
  // The link carries a new activation secret, never the password (issue #14); showing it rotates the secret.
  const secret = await issueActivationSecret(deps.db.kysely, acct.id);
  const link = appHandOffLink({ cloudId: deps.config.CLOUD_ID, username: acct.username, password: secret });
  return { status: 200, username: acct.username, link, app_token: await createAppSession(deps, acct.id) };
}

/** Checks the old password like a sign-in, stores the new one and ends the forced change; other app sessions end. */
export async function changeAppPassword(deps: Deps, body: ChangeAppPasswordBody, ip: string): Promise<void> {
  // One place in the password queue for the check of the old password and the hash of the new one.
  const { acct, passwordHash } = await withPasswordCheck(async (check) => {
    const fail = () => new AppError('invalid_credentials', 'wrongPassword');
    const checked = await checkAppCredentials(deps, body.username, body.old_password, ip, fail, check);
    return { acct: checked, passwordHash: await check.hash(body.new_password) };
  });
  await deps.db.kysely
    .updateTable('app_accounts')
    .set({ password_hash: passwordHash, must_change_password: toFlag(false), updated_at: Date.now() })
    .where('id', '=', acct.id)
    .execute();
  await revokeAppSessions(deps, acct.id);
}

/** Same answer whether or not the account exists; the link goes to the account's username (its email). */
export async function forgetAppPassword(deps: Deps, rawUsername: string, lang: Language): Promise<void> {
  const username = appUsername(rawUsername);
  const slot = await takeRateSlot(deps.db, `reset:app:${username}`, RESET_REQUESTS_PER_HOUR, 60 * 60_000);
  if (!slot.ok) throw new AppError('too_many_attempts', 'tooManyResetRequests', { minutes: slot.minutes });
  const acct = await deps.db.kysely
    .selectFrom('app_accounts as a')
    .innerJoin('extensions as e', (j) =>
      j.onRef('e.tenant_id', '=', 'a.tenant_id').onRef('e.extension', '=', 'a.extension'),
    )
    .select(['a.id', 'a.username', 'a.tenant_id', 'e.firstname', 'e.lastname'])
    .where('a.cloud_id', '=', deps.config.CLOUD_ID)
    .where('a.username', '=', username)
    .where('e.linked', '=', 1)
    .executeTakeFirst();
  if (!acct) return;
  const name = `${acct.firstname} ${acct.lastname}`.trim();
  await sendResetLink(
    deps,
    { type: 'app_account', id: acct.id, name, username: acct.username, email: acct.username },
    '/resetAppPassword',
    lang,
    acct.tenant_id,
  );
}

/** The strength rule is checked by the body schema first, so a weak password leaves the link usable. */
export async function resetAppPassword(deps: Deps, ref: string, password: string): Promise<void> {
  const passwordHash = await withPasswordCheck((check) => check.hash(password));
  const id = await consumeResetRef(deps, 'app_account', ref);
  const row = await deps.db.kysely
    .updateTable('app_accounts')
    .set({ password_hash: passwordHash, must_change_password: toFlag(false), updated_at: Date.now() })
    .where('id', '=', id)
    .returning('username')
    .executeTakeFirst();
  await revokeAppSessions(deps, id);
  if (row) await clearAppLoginFailures(deps, row.username);
}

/** The call-history page's first call: the account's extension, its pin (for the CDR token) and an app session. */
export async function userInformation(
  deps: Deps,
  username: string,
  password: string,
  ip: string,
): Promise<UserInformationReply> {
  const acct = await checkAppCredentials(deps, username, password, ip, invalid);
  if (acct.mustChange) throw new AppError('invalid_credentials', 'mustChangePassword');
  return {
    admin: acct.admin,
    extension: acct.extension,
    firstname: acct.firstname,
    lastname: acct.lastname,
    pin: acct.pin,
    tenant_id: acct.tenantId,
    app_token: await createAppSession(deps, acct.id),
  };
}
