import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The allowed values of the selects and ordered lists (GET getDefaults); they never change while the app runs. */
export function useProfileDefaults() {
  return useQuery({
    queryKey: ['client-profiles', 'defaults'],
    queryFn: () => callApi('getDefaults', undefined),
    staleTime: Infinity,
  });
}

/** A tenant's domains, for the profile's domain choice; reloaded when the tenant changes. */
export function useTenantDomains(tenantId: string) {
  return useQuery({
    queryKey: ['client-profiles', 'domains', tenantId],
    queryFn: () => callApi('getRemoteDomains', { tenant_id: tenantId }),
    enabled: tenantId !== '',
  });
}
