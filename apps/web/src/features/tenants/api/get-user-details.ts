import { UserDetails } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { tenantKeys } from './keys';

export function getUserDetails(tenantId: string, extension: string): Promise<UserDetails> {
  return apiRequest('/getUserDetails', { body: { tenant_id: tenantId, extension }, schema: UserDetails });
}

export function useUserDetails(tenantId: string, extension: string | null) {
  return useQuery({
    queryKey: tenantKeys.details(tenantId, extension ?? ''),
    queryFn: () => getUserDetails(tenantId, extension!),
    enabled: !!extension,
    staleTime: 0,
    gcTime: 0,
  });
}
