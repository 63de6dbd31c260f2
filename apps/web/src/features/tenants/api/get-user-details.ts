import { type UserDetails } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { tenantKeys } from './keys';

export function getUserDetails(tenantId: string, extension: string): Promise<UserDetails> {
  return callApi('getUserDetails', { tenant_id: tenantId, extension });
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
