import { type TenantRow } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { tenantKeys } from './keys';

/** One tenant by id (its name and tenant-level switches), found through the scoped tenantList search. */
export async function getTenant(tid: string): Promise<TenantRow | null> {
  const rows = await callApi('tenantList', { search: tid, limit: 50 });
  return rows.find((r) => r.tid === tid) ?? null;
}

export function useTenant(tid: string | null) {
  return useQuery({
    queryKey: tenantKeys.row(tid ?? ''),
    queryFn: () => getTenant(tid!),
    enabled: !!tid,
    staleTime: 0,
  });
}
