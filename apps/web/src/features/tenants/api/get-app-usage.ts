import { type AppUsageReply } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { tenantKeys } from './keys';

/** Mobile and desktop app use against the tenant's licence limits. */
export function getAppUsage(tenantId: string): Promise<AppUsageReply> {
  return callApi('getAppUsage', { tenant_id: tenantId });
}

export function useAppUsage(tenantId: string | null) {
  return useQuery({
    queryKey: tenantKeys.usage(tenantId ?? ''),
    queryFn: () => getAppUsage(tenantId!),
    enabled: !!tenantId,
    staleTime: 0,
  });
}
