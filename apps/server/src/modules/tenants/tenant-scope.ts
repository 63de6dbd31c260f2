import type { Db } from '../../db/database';
import type { Caller } from '../auth/caller';
import { forbidden } from '../../lib/errors';

/**
 * The one rule for which tenants a caller may see (STYLE habit 5): an admin sees all; a reseller user sees the
 * tenants that their resellers supervise; a simple user sees the tenant of their own company (its tenant id).
 */
export async function visibleTenantIds(db: Db, caller: Caller): Promise<'all' | string[]> {
  if (caller.role === 'admin') return 'all';
  if (caller.kind === 'reseller_user') {
    const rows = await db.kysely
      .selectFrom('reseller_tenants as rt')
      .innerJoin('reseller_user_links as l', 'l.reseller_id', 'rt.reseller_id')
      .select('rt.tenant_id')
      .distinct()
      .where('l.reseller_user_id', '=', caller.id)
      .execute();
    return rows.map((r) => r.tenant_id);
  }
  return caller.company ? [caller.company] : [];
}

/** Throws 403 unless the caller may see this tenant. */
export async function assertTenantVisible(db: Db, caller: Caller, tenantId: string): Promise<void> {
  const scope = await visibleTenantIds(db, caller);
  if (scope !== 'all' && !scope.includes(tenantId)) throw forbidden();
}

/** Throws 403 unless the tenant is in an already computed scope (for checks inside a transaction). */
export function assertInScope(scope: 'all' | string[], tenantId: string): void {
  if (scope !== 'all' && !scope.includes(tenantId)) throw forbidden();
}
