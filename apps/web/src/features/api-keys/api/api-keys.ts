import type { CreateApiKeyBody } from '@provisio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const apiKeysKey = ['api-keys', 'list'] as const;

/** The keys the signed-in administrator or reseller user may manage (the server scopes them). */
export function useApiKeys(includeRevoked: boolean) {
  return useQuery({
    queryKey: [...apiKeysKey, includeRevoked],
    queryFn: () => callApi('listApiKeys', { include_revoked: includeRevoked }),
    staleTime: 0,
  });
}

/** The resellers a key may be given to (admin: all; reseller user: their own). */
export function useApiKeyResellers(enabled: boolean) {
  return useQuery({
    queryKey: ['api-keys', 'resellers'],
    queryFn: () => callApi('apiKeyResellers', undefined),
    enabled,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => callApi('createApiKey', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('revokeApiKey', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
