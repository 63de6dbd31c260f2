import type { TenantRow } from '@provisio/contract';

/** What /tenants/details is opened with: the extension to edit (null for 'Add Extension') and its tenant. */
export interface DetailsState {
  record: { extension: string } | null;
  tenant: Pick<TenantRow, 'tid' | 'tname'>;
}

export function detailsState(tenant: Pick<TenantRow, 'tid' | 'tname'>, extension: string | null): DetailsState {
  return { record: extension === null ? null : { extension }, tenant: { tid: tenant.tid, tname: tenant.tname } };
}

export function readDetailsState(state: unknown): DetailsState | null {
  if (typeof state !== 'object' || state === null || !('tenant' in state) || !('record' in state)) return null;
  return state as DetailsState;
}

/** Back to /tenants with the tenant still chosen. */
export const tenantsPath = (tid: string | null | undefined) =>
  tid ? `/tenants?tenant=${encodeURIComponent(tid)}` : '/tenants';
