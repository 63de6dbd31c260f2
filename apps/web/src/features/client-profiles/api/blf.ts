import { type SaveBlfKeysBody } from '@provisio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { LOOKUP_LIMIT } from '../../../lib/lookups';

export interface Subscriber {
  profile_id: number;
  tenant_id: string;
  extension: string;
}

const blfKey = (s: Subscriber) => ['client-profiles', 'blf', s.profile_id, s.tenant_id, s.extension] as const;

export function useBlfKeys(s: Subscriber) {
  return useQuery({
    queryKey: blfKey(s),
    queryFn: () => callApi('getBlfKeys', s),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useSaveBlfKeys(s: Subscriber) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keys: SaveBlfKeysBody['keys']) => callApi('saveBlfKeys', { ...s, keys }),
    onSuccess: (keys) => queryClient.setQueryData(blfKey(s), keys),
  });
}

export function useEffectiveProfile(tenantId: string, extension: string) {
  return useQuery({
    queryKey: ['client-profiles', 'effective', tenantId, extension],
    queryFn: () => callApi('getEffectiveProfile', { tenant_id: tenantId, extension }),
  });
}

/** A tenant's extensions matching what was typed (the server searches extension, names and email). */
export function searchExtensions(tenantId: string, search: string) {
  return callApi('getExtensions', {
    tenant_id: tenantId,
    search: search || undefined,
    limit: LOOKUP_LIMIT,
  });
}
