import type { Language } from '@provisio/contract';
import { formatMessage } from '@provisio/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';

export interface ResetTarget {
  /** Which account table the link is for: 'user', 'reseller_user', later 'app_account'. */
  type: string;
  id: number;
  name: string;
  username: string;
  email: string;
}

/**
 * Emails a single-use link to `${publicUrl}${path}?ref=...`. Only the token's hash is stored; older unused
 * links of the same account stop working, so only the newest link is valid.
 */
export async function sendResetLink(deps: Deps, target: ResetTarget, path: string, lang: Language): Promise<void> {
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
      .values({ principal_type: target.type, principal_id: target.id, token_hash: hash, created_at: now, expires_at: now + minutes * 60_000 })
      .execute();
  });
  const link = `${deps.config.publicUrl}${path}?ref=${encodeURIComponent(token)}`;
  await deps.mailer.enqueue({
    kind: 'password_reset',
    to: target.email,
    subject: formatMessage(lang, 'resetEmailSubject'),
    text: formatMessage(lang, 'resetEmailText', { name: target.name || target.username, username: target.username, minutes, link }),
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
