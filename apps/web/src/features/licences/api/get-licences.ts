import { type LicencesReply } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const licencesKey = (tenantId: string) => ['licences', tenantId] as const;

export function getLicences(tenantId: string): Promise<LicencesReply> {
  return callApi('getLicenses', { tenant_id: tenantId });
}

/** Spec §4: choosing a tenant loads its limits. */
export function useLicences(tenantId: string | null) {
  return useQuery({
    queryKey: licencesKey(tenantId ?? ''),
    queryFn: () => getLicences(tenantId!),
    enabled: !!tenantId,
    staleTime: 0,
  });
}
