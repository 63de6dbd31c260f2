import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  PostgresAdapter,
  type SelectQueryBuilder,
  type SqlBool,
  type StringReference,
  sql,
} from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import type { Caller } from '../../lib/caller';

/**
 * The one rule for which tenants a caller may see (STYLE habit 5): an admin sees all; a reseller user sees the
 * tenants that their resellers supervise; a simple user sees the tenant of their own company (its tenant id).
 * Every tenant query applies it with scopeToCaller (or inCallerScope inside an OR); a single tenant the caller
 * names is checked with assertTenantVisible.
 */

/** The fields of a caller that decide their scope. */
export type ScopeCaller = Pick<Caller, 'role' | 'kind' | 'id' | 'company' | 'apiKey'>;

/**
 * Whose tenants a query may read: a caller's, or tenants already decided (one the caller named and that was
 * checked with assertTenantVisible, or a job's scope frozen when it was queued).
 */
export type TenantScope = ScopeCaller | 'all' | readonly string[];

const isCaller = (scope: TenantScope): scope is ScopeCaller => typeof scope === 'object' && !Array.isArray(scope);

/** True when the scope holds every tenant: the query needs no condition. */
export const seesAllTenants = (scope: TenantScope): boolean =>
  scope === 'all' || (isCaller(scope) && scope.role === 'admin');

type Q = Kysely<Database>;

/**
 * The tenants of a reseller user's resellers, as a subquery; for an API key of one reseller (issue #18, a reseller
 * user limited to that reseller), that reseller's tenants.
 */
const resellerUserTenants = (db: Q, who: Pick<ScopeCaller, 'id' | 'apiKey'>) => {
  const q = db.selectFrom('reseller_tenants as rt').innerJoin('resellers as k', 'k.id', 'rt.reseller_id');
  const resellerId = who.apiKey?.resellerId;
  if (resellerId != null) return q.select('rt.tenant_id').where('k.id', '=', resellerId);
  return db
    .selectFrom('reseller_tenants as rt')
    .innerJoin('reseller_user_links as k', 'k.reseller_id', 'rt.reseller_id')
    .select('rt.tenant_id')
    .where('k.reseller_user_id', '=', who.id);
};

const onPostgres = (db: Q) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The condition "`column` holds a tenant of the scope", for use inside a larger condition (an OR); true for admins.
 * A reseller user's tenants are a subquery: one bound id however many tenants they supervise. PostgreSQL gets it as
 * `= any(array(subquery))`, which it runs once and then searches the tenant index with; as `in (subquery)` it
 * plans a semi join from the average reseller's size and scans every extension for a reseller of ten tenants.
 */
export function inCallerScope<DB, TB extends keyof DB>(
  db: Q,
  eb: ExpressionBuilder<DB, TB>,
  scope: TenantScope,
  column: StringReference<DB, TB>,
): Expression<SqlBool> {
  if (seesAllTenants(scope)) return eb.lit(true);
  const ref = eb.ref(column);
  if (!isCaller(scope)) return scope.length ? sql<SqlBool>`${ref} in (${sql.join([...scope])})` : eb.lit(false);
  if (scope.kind !== 'reseller_user') return scope.company ? sql<SqlBool>`${ref} = ${scope.company}` : eb.lit(false);
  const tenants = resellerUserTenants(db, scope);
  return onPostgres(db) ? sql<SqlBool>`${ref} = any(array${tenants})` : sql<SqlBool>`${ref} in ${tenants}`;
}

/** Limits a select to the tenants of the scope: `scopeToCaller(db, q, caller, 'e.tenant_id')`. Admins: unchanged. */
export function scopeToCaller<DB, TB extends keyof DB, O>(
  db: Q,
  qb: SelectQueryBuilder<DB, TB, O>,
  scope: TenantScope,
  column: StringReference<DB, TB>,
): SelectQueryBuilder<DB, TB, O> {
  if (seesAllTenants(scope)) return qb;
  return qb.where((eb) => inCallerScope(db, eb, scope, column));
}

/**
 * The caller's tenant ids, for what must be a list rather than a condition: the tenants a job will work on, the
 * tenants whose live calls the platform is asked for.
 */
export async function visibleTenantIds(db: Db, caller: ScopeCaller): Promise<'all' | string[]> {
  if (caller.role === 'admin') return 'all';
  if (caller.kind === 'reseller_user') {
    const rows = await resellerUserTenants(db.kysely, caller).distinct().execute();
    return rows.map((r) => r.tenant_id);
  }
  return caller.company ? [caller.company] : [];
}

/** Whether the caller may see this one tenant (one indexed lookup, not their whole list). */
export async function isTenantVisible(db: Db | Q, caller: ScopeCaller, tenantId: string): Promise<boolean> {
  if (caller.role === 'admin') return true;
  if (caller.kind !== 'reseller_user') return !!caller.company && caller.company === tenantId;
  const q = 'kysely' in db ? db.kysely : db;
  const row = await resellerUserTenants(q, caller).where('rt.tenant_id', '=', tenantId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Throws 403 unless the caller may see this tenant. Inside a transaction, pass the transaction. */
export async function assertTenantVisible(db: Db | Q, caller: ScopeCaller, tenantId: string): Promise<void> {
  if (!(await isTenantVisible(db, caller, tenantId))) throw forbidden();
}
