import { type CreateTenantBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** createTenant (admin, platforms that can add tenants such as the builtin one). */
export function createTenant(body: CreateTenantBody) {
  return callApi('createTenant', body);
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lookup', 'tenants'] }),
  });
}
