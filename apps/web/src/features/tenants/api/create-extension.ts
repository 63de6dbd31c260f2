import { type CreateExtensionBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { tenantKeys } from './keys';

/** createExtension (admin; the platform generates and keeps the SIP password). */
export function createExtension(body: CreateExtensionBody) {
  return callApi('createExtension', body);
}

export function useCreateExtension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExtension,
    onSuccess: (_r, body) => queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(body.tenant_id) }),
  });
}
