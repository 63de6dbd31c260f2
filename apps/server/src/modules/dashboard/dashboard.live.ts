import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { Caller } from '../../lib/caller';
import { scopeToCaller, visibleTenantIds } from '../tenants/tenant-scope';

/** Up to this many tenants in scope, the small sets are filtered in SQL (a bound list) rather than read whole. */
const LISTED_SCOPE = 100;

export interface LiveCounts {
  inviteFailed: number;
  revoked: number;
  failedJobs: number;
}

/**
 * The figures that hang on a small set rather than on the extensions, counted live per tenant and summed over the
 * caller's tenants (visibleTenantIds: all for an admin, the company for a simple user, one query for a reseller
 * user): invited extensions whose invitation mail failed (driven by the failed mails, through migration 013's
 * partial index on invite_mail_id), revoked apps (driven by the revoked activations, each account read by its key)
 * and jobs failed since `since`. A scope of many tenants reads each small set whole: filtering it in SQL with the
 * scope's subquery made PostgreSQL compare every row with the array of a reseller's tenants (60 ms for 1,000
 * revoked apps of 1,000 tenants); a scope of a few tenants filters in SQL too. Kept out of tenant_stats on purpose: a trigger on mail_messages or
 * app_activations would lock a mail row then a tenant's counts, while an invitation job locks them the other way.
 * The literals (not bound values) let SQLite use the partial indexes.
 */
export async function liveCounts(deps: Deps, caller: Caller, since: number): Promise<LiveCounts> {
  const { kysely } = deps.db;
  const visible = await visibleTenantIds(deps.db, caller);
  const listed = visible !== 'all' && visible.length <= LISTED_SCOPE ? visible : 'all';
  // Only a scope of many tenants reads per-tenant rows (to sum those it sees); the others read one count.
  const seen = visible !== 'all' && listed === 'all' ? new Set(visible) : null;
  const key = (column: string) => (seen ? sql<string | null>`${sql.ref(column)}` : sql<null>`null`).as('tenant_id');
  const failed = kysely
    .selectFrom('mail_messages as m')
    .innerJoin('extensions as e', 'e.invite_mail_id', 'm.id')
    .select((eb) => [key('e.tenant_id'), eb.fn.countAll<number>().as('n')])
    .where(sql<boolean>`m.status = 'failed'`)
    .where(sql<boolean>`e.invite_mail_id is not null`)
    .where(sql<boolean>`e.invite_state = 'invited'`)
    .$if(!!seen, (q) => q.groupBy('e.tenant_id'));
  const revoked = kysely
    .selectFrom('app_activations as v')
    .innerJoin('app_accounts as a', 'a.id', 'v.app_account_id')
    .select((eb) => [key('a.tenant_id'), eb.fn.countAll<number>().as('n')])
    .where(sql<boolean>`v.revoked_at is not null`)
    .$if(!!seen, (q) => q.groupBy('a.tenant_id'));
  const jobs = kysely
    .selectFrom('jobs')
    .select((eb) => [key('tenant_id'), eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'failed')
    .where('updated_at', '>=', since)
    .$if(!!seen, (q) => q.groupBy('tenant_id'));
  const [f, r, j] = await Promise.all([
    scopeToCaller(kysely, failed, listed, 'e.tenant_id').execute(),
    scopeToCaller(kysely, revoked, listed, 'a.tenant_id').execute(),
    scopeToCaller(kysely, jobs, listed, 'tenant_id').execute(),
  ]);
  // Jobs of no single tenant count for admins only (a listed scope's SQL leaves them out: null is in no list).
  const sum = (rows: { tenant_id: string | null; n: number }[]) =>
    rows.reduce((n, x) => (seen && (x.tenant_id === null || !seen.has(x.tenant_id)) ? n : n + Number(x.n)), 0);
  return { inviteFailed: sum(f), revoked: sum(r), failedJobs: sum(j) };
}
