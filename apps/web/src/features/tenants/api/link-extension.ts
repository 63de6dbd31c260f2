import { type LinkExtensionBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { tenantKeys } from './keys';

/** linkExtension: creates or updates the extension's app account (username = the email, password kept as a hash). */
export function linkExtension(body: LinkExtensionBody) {
  return callApi('linkExtension', body);
}

export function useLinkExtension(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkExtension,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(tenantId) }),
  });
}
