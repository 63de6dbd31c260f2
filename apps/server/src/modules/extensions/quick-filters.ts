import type { SelectQueryBuilder } from 'kysely';
import type { LifecycleFilter, QuickFilter } from '@provisio/contract';
import type { Database } from '../../db/schema';
import type { ListParams } from '../../lib/list-query';

/** What narrows a tenant's extensions beyond the search: one lifecycle step and the quick filters (issue #19). */
export interface ExtensionFilters {
  lifecycle?: LifecycleFilter | undefined;
  quick?: readonly QuickFilter[] | undefined;
  /** Whether a tenant-wide app switch is on: then every extension has an app on. */
  tenantAppOn?: boolean | undefined;
}
export type ExtensionListParams = ListParams & ExtensionFilters;

/** Whether any filter narrows the list (the kept per-tenant count then no longer is its total). */
export const isFiltered = (p: ExtensionFilters): boolean => p.lifecycle !== undefined || (p.quick?.length ?? 0) > 0;

/**
 * Narrows to rows matching every quick filter. "Linked but not provisioned": linked, and no app fetched its account
 * yet (provisioned_at is set by the first successful /provision). "App on": either app's switch, or all rows while a
 * tenant-wide switch is on.
 */
export function whereQuick<O>(
  q: SelectQueryBuilder<Database, 'extensions', O>,
  p: ExtensionFilters,
): SelectQueryBuilder<Database, 'extensions', O> {
  let out = q;
  for (const f of new Set(p.quick ?? [])) {
    switch (f) {
      case 'not_linked':
        out = out.where('linked', '=', 0);
        break;
      case 'linked_not_provisioned':
        out = out.where('linked', '=', 1).where('provisioned_at', 'is', null);
        break;
      case 'app_on':
        if (!p.tenantAppOn)
          out = out.where((eb) => eb.or([eb('mobile_app_allowed', '=', 1), eb('desktop_app_allowed', '=', 1)]));
        break;
      case 'admin':
        out = out.where('admin', '=', 1);
        break;
    }
  }
  return out;
}
