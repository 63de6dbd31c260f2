import { type TenantRow } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { tenantKeys } from './keys';

/** One tenant by id (its name and tenant-level switches), found through the scoped tenantList search. */
export async function getTenant(tid: string): Promise<TenantRow | null> {
  const rows = await callApi('tenantList', { search: tid, limit: 50 });
  return rows.find((r) => r.tid === tid) ?? null;
}

/**
 * Looked up again whenever the screen shows it (a tenant renamed or switched elsewhere), except right after the
 * prefetch before the first render (app/first-screen.ts).
 */
export const tenantQuery = (tid: string) => ({
  queryKey: tenantKeys.row(tid),
  queryFn: () => getTenant(tid),
  staleTime: 2000,
});

export function useTenant(tid: string | null) {
  return useQuery({ ...tenantQuery(tid ?? ''), enabled: !!tid });
}
