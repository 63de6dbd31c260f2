import { type EditUserDetailsBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { tenantKeys } from './keys';

/** editUserDetails; with delink the extension's app account is removed and its email may change. */
export function editUserDetails(body: EditUserDetailsBody) {
  return callApi('editUserDetails', body);
}

export function useEditUserDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editUserDetails,
    onSuccess: (_r, body) => queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(body.tenant_id) }),
  });
}
