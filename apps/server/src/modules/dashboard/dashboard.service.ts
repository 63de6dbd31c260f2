import type { DashboardReply } from '@provisio/contract';
import type { Deps } from '../../deps';
import type { Caller } from '../auth/caller';
import { visibleTenantIds } from '../tenants/tenant-scope';

/** Counts for the dashboard, limited to what the caller may see. */
export async function dashboardSummary(deps: Deps, caller: Caller): Promise<DashboardReply> {
  const { kysely } = deps.db;
  const scope = await visibleTenantIds(deps.db, caller);
  const tenantIds = scope === 'all' ? undefined : scope;
  if (tenantIds && tenantIds.length === 0) {
    return { resellers: 0, tenants: 0, extensions: 0, linked_extensions: 0, mobile_enabled: 0, desktop_enabled: 0 };
  }
  let ext = kysely
    .selectFrom('extensions')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>('linked').as('linked'),
      eb.fn.sum<number>('mobile_app_allowed').as('mobile'),
      eb.fn.sum<number>('desktop_app_allowed').as('desktop'),
    ]);
  let tenants = kysely.selectFrom('tenants').select((eb) => eb.fn.countAll<number>().as('n'));
  let resellers = kysely.selectFrom('resellers').select((eb) => eb.fn.countAll<number>().as('n'));
  if (tenantIds) {
    ext = ext.where('tenant_id', 'in', tenantIds);
    tenants = tenants.where('tid', 'in', tenantIds);
    resellers = resellers.where('id', 'in', (eb) =>
      eb.selectFrom('reseller_tenants').select('reseller_id').where('tenant_id', 'in', tenantIds),
    );
  }
  const [e, t, r] = await Promise.all([ext.executeTakeFirstOrThrow(), tenants.executeTakeFirstOrThrow(), resellers.executeTakeFirstOrThrow()]);
  return {
    resellers: Number(r.n),
    tenants: Number(t.n),
    extensions: Number(e.total),
    linked_extensions: Number(e.linked ?? 0),
    mobile_enabled: Number(e.mobile ?? 0),
    desktop_enabled: Number(e.desktop ?? 0),
  };
}
