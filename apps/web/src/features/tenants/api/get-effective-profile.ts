import { type EffectiveProfileReply } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { tenantKeys } from './keys';

/** Which client profile an extension's app gets (its domain's, its tenant's, or the default); quiet when it fails. */
export function getEffectiveProfile(tenantId: string, extension: string): Promise<EffectiveProfileReply> {
  return callApi('getEffectiveProfile', { tenant_id: tenantId, extension }, { silent: true });
}

export function useEffectiveProfile(tenantId: string, extension: string | null) {
  return useQuery({
    queryKey: [...tenantKeys.details(tenantId, extension ?? ''), 'profile'],
    queryFn: () => getEffectiveProfile(tenantId, extension!),
    enabled: !!extension,
    staleTime: 0,
  });
}
