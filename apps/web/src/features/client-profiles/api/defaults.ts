import { ProfileDefaultsReply, RemoteDomainList } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** The allowed values of the selects and ordered lists (GET getDefaults); they never change while the app runs. */
export function useProfileDefaults() {
  return useQuery({
    queryKey: ['client-profiles', 'defaults'],
    queryFn: () => apiRequest('/getDefaults', { method: 'GET', schema: ProfileDefaultsReply }),
    staleTime: Infinity,
  });
}

/** A tenant's domains, for the profile's domain choice; reloaded when the tenant changes. */
export function useTenantDomains(tenantId: string) {
  return useQuery({
    queryKey: ['client-profiles', 'domains', tenantId],
    queryFn: () => apiRequest('/getRemoteDomains', { body: { tenant_id: tenantId }, schema: RemoteDomainList }),
    enabled: tenantId !== '',
  });
}
