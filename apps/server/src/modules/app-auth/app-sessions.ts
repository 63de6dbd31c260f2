import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { AppError, unlessUnavailable } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { readAppAccount } from '../app-accounts/app-accounts.repository';
import { sessionExpired, sessionLimits } from '../auth/sessions';

const TOUCH_EVERY_MS = 60_000;

/** The app account behind an `App-Token`: what the settings pages may read and change. */
export interface AppCaller {
  accountId: number;
  username: string;
  tenantId: string;
  extension: string;
}

/** App sessions are kept like admin sessions: only the token's hash, idle time SESSION_IDLE_HOURS, lifetime SESSION_MAX_HOURS. */
export async function createAppSession(deps: Deps, accountId: number): Promise<string> {
  const { token, hash } = newToken();
  const now = Date.now();
  await deps.db.kysely
    .insertInto('app_sessions')
    .values({ token_hash: hash, app_account_id: accountId, created_at: now, last_used_at: now })
    .execute();
  return token;
}

export async function revokeAppSessions(deps: Deps, accountId: number): Promise<void> {
  await deps.db.kysely
    .updateTable('app_sessions')
    .set({ revoked_at: Date.now() })
    .where('app_account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The caller of an app-signed-in call (header `App-Token`); 401 'Please sign in with your app account again.'. */
export async function requireAppCaller(deps: Deps, request: FastifyRequest): Promise<AppCaller> {
  const header = request.headers['app-token'];
  const token = Array.isArray(header) ? header[0] : header;
  const fail = () => new AppError('not_signed_in', 'appSessionRequired');
  if (!token || token.length > 200) throw fail();
  const now = Date.now();
  const row = await deps.db.kysely
    .selectFrom('app_sessions as s')
    .innerJoin('app_accounts as a', 'a.id', 's.app_account_id')
    .innerJoin('extensions as e', (j) =>
      j.onRef('e.tenant_id', '=', 'a.tenant_id').onRef('e.extension', '=', 'a.extension'),
    )
    .select([
      's.id',
      's.created_at',
      's.last_used_at',
      'a.id as accountId',
      'a.username',
      'a.tenant_id',
      'a.extension',
      'a.must_change_password',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('a.cloud_id', '=', deps.config.CLOUD_ID)
    .executeTakeFirst();
  if (!row || readAppAccount(row).must_change_password || sessionExpired(row, sessionLimits(deps.config), now))
    throw fail();
  if (now - row.last_used_at > TOUCH_EVERY_MS) {
    // Bookkeeping: a busy or read-only database must not turn a read into a 503.
    await unlessUnavailable(() =>
      deps.db.kysely.updateTable('app_sessions').set({ last_used_at: now }).where('id', '=', row.id).execute(),
    );
  }
  return { accountId: row.accountId, username: row.username, tenantId: row.tenant_id, extension: row.extension };
}
