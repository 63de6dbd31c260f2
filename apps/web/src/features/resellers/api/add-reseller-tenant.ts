import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { resellerTenantsKey } from './get-reseller-tenants';

interface AddResellerTenantInput {
  reseller_id: number;
  tenant_id: string;
}

/** The spec's spelling (createUpdateResllerTenants) is the call's name. */
export function addResellerTenant(body: AddResellerTenantInput) {
  return callApi('createUpdateResllerTenants', body);
}

export function useAddResellerTenant(resellerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addResellerTenant,
    onSuccess: async (reply) => {
      notifySuccess(reply.message);
      await queryClient.invalidateQueries({ queryKey: resellerTenantsKey(resellerId) });
    },
  });
}
