import type { WebhookCreateBody, WebhookUpdateBody } from '@provisio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const webhooksKey = ['webhooks'] as const;

/** The endpoints the signed-in administrator or reseller user may manage (the server scopes them). */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: [...webhooksKey, 'list'],
    queryFn: () => callApi('webhookEndpoints', {}),
    staleTime: 0,
  });
}

/** The resellers an endpoint may be registered for (admin: all; reseller user: their own). */
export function useWebhookResellers(enabled: boolean) {
  return useQuery({
    queryKey: [...webhooksKey, 'resellers'],
    queryFn: () => callApi('apiKeyResellers', undefined),
    enabled,
  });
}

/** The delivery log of one endpoint, refreshed every few seconds while it is open. */
export function useWebhookDeliveries(id: number | null) {
  return useQuery({
    queryKey: [...webhooksKey, 'deliveries', id],
    queryFn: () => callApi('webhookDeliveries', { id: id ?? 0, limit: 50 }),
    enabled: id !== null,
    refetchInterval: 2000,
  });
}

function useWebhookMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export const useCreateWebhook = () => useWebhookMutation((body: WebhookCreateBody) => callApi('webhookCreate', body));
export const useUpdateWebhook = () => useWebhookMutation((body: WebhookUpdateBody) => callApi('webhookUpdate', body));
export const useRotateWebhookSecret = () => useWebhookMutation((id: number) => callApi('webhookRotateSecret', { id }));
export const useDeleteWebhook = () => useWebhookMutation((id: number) => callApi('webhookDelete', { id }));
export const useTestWebhook = () => useWebhookMutation((id: number) => callApi('webhookTest', { id }));
