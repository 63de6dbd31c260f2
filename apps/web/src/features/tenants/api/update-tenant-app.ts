import { type UpdateAndGetTenantsBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { tenantKeys } from './keys';

/** updateAndGetTenants: the tenant-level app switch; a refusal (licence limit) shows the server's message. */
export function updateTenantApp(body: UpdateAndGetTenantsBody) {
  return callApi('updateAndGetTenants', body);
}

/** The answer is the refreshed tenant list: the chosen tenant's row is taken from it, then its list is refreshed. */
export function useUpdateTenantApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenantApp,
    onSuccess: (tenants, body) => {
      const row = tenants.find((t) => t.tid === body.tenant_id);
      if (row) queryClient.setQueryData(tenantKeys.row(body.tenant_id), row);
      return queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(body.tenant_id) });
    },
  });
}
