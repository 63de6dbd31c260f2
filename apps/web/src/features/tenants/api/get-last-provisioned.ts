import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { tenantKeys } from './keys';

/** When each extension's app last fetched its provisioning XML (issue #5); quiet when it fails. */
export const lastProvisionedQuery = (tenantId: string) => ({
  queryKey: tenantKeys.lastProvisioned(tenantId),
  queryFn: async () => {
    const rows = await callApi('getLastProvisioned', { tenant_id: tenantId }, { silent: true });
    return new Map(rows.map((r) => [r.extension, r.at]));
  },
  staleTime: 30_000,
});

export function useLastProvisioned(tenantId: string) {
  return useQuery(lastProvisionedQuery(tenantId));
}
