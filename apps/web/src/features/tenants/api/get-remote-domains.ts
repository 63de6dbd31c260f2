import { type RemoteDomainList } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api';
import { tenantKeys } from './keys';

export type RemoteDomain = z.infer<typeof RemoteDomainList>[number];

/** The tenant's (domain, site) pairs. */
export function getRemoteDomains(tenantId: string): Promise<RemoteDomain[]> {
  return callApi('getRemoteDomains', { tenant_id: tenantId });
}

export function useRemoteDomains(tenantId: string | null) {
  return useQuery({
    queryKey: tenantKeys.domains(tenantId ?? ''),
    queryFn: () => getRemoteDomains(tenantId!),
    enabled: !!tenantId,
    staleTime: 30_000,
  });
}
