import { OkReply, type CreateTenantBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** createTenant (admin, platforms that can add tenants such as the builtin one). */
export function createTenant(body: CreateTenantBody) {
  return apiRequest('/createTenant', { body, schema: OkReply });
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTenant, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lookup', 'tenants'] }) });
}
