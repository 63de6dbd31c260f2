import type { Language } from '@provisio/contract';
import { formatMessage } from '@provisio/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { takeRateSlot } from './login-throttle';

export interface ResetTarget {
  /** Which account table the link is for: 'user', 'reseller_user', later 'app_account'. */
  type: string;
  id: number;
  name: string;
  username: string;
  email: string;
}

/** Reset mails one address may receive per hour, whichever name (username, email) the requests used. */
const RESET_MAILS_PER_ADDRESS_HOUR = 5;

/**
 * The one account a portal reset request names (issue #13: the first match used to win, so a simple user holding a
 * reseller user's address got the reseller's reset mail pointed at his own account): a portal username first;
 * then a reseller user's email (their sign-in name); then a portal user's email when exactly one active user has it.
 */
export async function findResetTarget(
  deps: Deps,
  login: string,
): Promise<{ target: ResetTarget; path: string } | null> {
  const db = deps.db.kysely;
  const byName = await db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', login)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (byName)
    return byName.email
      ? {
          target: { type: 'user', id: byName.id, name: byName.name, username: byName.username, email: byName.email },
          path: '/resetPassword',
        }
      : null;
  // Reseller users sign in with their email; their link leads to the reseller reset page with its strength rules.
  const r = await db
    .selectFrom('reseller_users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', login))
    .executeTakeFirst();
  if (r)
    return {
      target: { type: 'reseller_user', id: r.id, name: r.name, username: r.email, email: r.email },
      path: '/resetResellerPassword',
    };
  const byEmail = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', login))
    .where('active', '=', 1)
    .limit(2)
    .execute();
  const u = byEmail.length === 1 ? byEmail[0]! : null;
  return u
    ? { target: { type: 'user', id: u.id, name: u.name, username: u.username, email: u.email }, path: '/resetPassword' }
    : null;
}

/**
 * Emails a single-use link to `${publicUrl}${path}?ref=...`. Only the token's hash is stored; older unused
 * links of the same account stop working, so only the newest link is valid. At most a few reset mails go to one
 * address per hour; past that the request is answered the same and nothing is sent.
 */
export async function sendResetLink(
  deps: Deps,
  target: ResetTarget,
  path: string,
  lang: Language,
  /** A subscriber's tenant: the mail wears its reseller's brand (issue #19). */
  brandTenant?: string,
): Promise<void> {
  const slot = await takeRateSlot(
    deps.db,
    `reset:to:${target.email.trim().toLowerCase()}`,
    RESET_MAILS_PER_ADDRESS_HOUR,
    60 * 60_000,
  );
  if (!slot.ok) return;
  const now = Date.now();
  const { token, hash } = newToken();
  const minutes = deps.config.RESET_LINK_MINUTES;
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('principal_type', '=', target.type)
      .where('principal_id', '=', target.id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_resets')
      .values({
        principal_type: target.type,
        principal_id: target.id,
        token_hash: hash,
        created_at: now,
        expires_at: now + minutes * 60_000,
      })
      .execute();
  });
  const link = `${deps.config.publicUrl}${path}?ref=${encodeURIComponent(token)}`;
  await deps.mailer.enqueue({
    kind: 'password_reset',
    to: target.email,
    lang,
    ...(brandTenant ? { brandTenant } : {}),
    subject: formatMessage(lang, 'resetEmailSubject'),
    text: formatMessage(lang, 'resetEmailText', {
      name: target.name || target.username,
      username: target.username,
      minutes,
      link,
    }),
  });
}

/** Marks a ref used and returns the account it belongs to; a used, expired or unknown ref fails clearly. */
export async function consumeResetRef(deps: Deps, type: string, ref: string): Promise<number> {
  const now = Date.now();
  const row = await deps.db.kysely
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', hashToken(ref))
    .where('principal_type', '=', type)
    .executeTakeFirst();
  if (!row) throw new AppError('reset_link_invalid', 'resetLinkInvalid');
  if (row.used_at !== null) throw new AppError('reset_link_used', 'resetLinkUsed');
  if (row.expires_at < now) throw new AppError('reset_link_expired', 'resetLinkExpired');
  const claimed = await deps.db.kysely
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('reset_link_used', 'resetLinkUsed');
  return row.principal_id;
}
