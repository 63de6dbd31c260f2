import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { type TenantScope, scopeToCaller } from '../tenants/tenant-scope';

/**
 * The two invitation figures that hang on another table's row, counted live from their small sets (migration 013's
 * partial indexes): invited extensions whose invitation mail failed (driven by the failed mails), and revoked apps
 * (driven by the revoked activations). Kept out of tenant_stats on purpose: a trigger on mail_messages or
 * app_activations would lock a mail row then a tenant's counts, while an invitation job locks them the other way.
 * The literals (not bound values) let SQLite use the partial indexes.
 */
export async function liveInvitationCounts(
  deps: Deps,
  scope: TenantScope,
): Promise<{ inviteFailed: number; revoked: number }> {
  const { kysely } = deps.db;
  const failed = kysely
    .selectFrom('mail_messages as m')
    .innerJoin('extensions as e', 'e.invite_mail_id', 'm.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<boolean>`m.status = 'failed'`)
    .where(sql<boolean>`e.invite_mail_id is not null`)
    .where(sql<boolean>`e.invite_state = 'invited'`);
  // Driven by the revoked activations, each account read by its key: as a join, SQLite scans every app account for
  // one tenant (no index starts with tenant_id).
  const revoked = kysely
    .selectFrom('app_activations as v')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<boolean>`v.revoked_at is not null`)
    .where(({ exists, selectFrom }) =>
      exists(
        scopeToCaller(
          kysely,
          selectFrom('app_accounts as a').select('a.id').whereRef('a.id', '=', 'v.app_account_id'),
          scope,
          'a.tenant_id',
        ),
      ),
    );
  const [f, r] = await Promise.all([
    scopeToCaller(kysely, failed, scope, 'e.tenant_id').executeTakeFirstOrThrow(),
    revoked.executeTakeFirstOrThrow(),
  ]);
  return { inviteFailed: Number(f.n), revoked: Number(r.n) };
}
