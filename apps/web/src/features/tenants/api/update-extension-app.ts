import { type UpdateAndGetExtensionBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callListApi } from '../../../lib/api';
import { tenantKeys } from './keys';

/**
 * updateAndGetExtension: the per-extension app switch, sent with the table's paging so the answer is the page on
 * screen, refreshed; beyond the licence limit the server refuses with a message naming the limit.
 */
export function updateExtensionApp(body: UpdateAndGetExtensionBody) {
  return callListApi('updateAndGetExtension', body);
}

export function useUpdateExtensionApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExtensionApp,
    onSuccess: (page, { tenant_id, search, sort, order, limit, offset }) => {
      // The same key the table reads this page with: the answer shows at once, without another request.
      queryClient.setQueryData([...tenantKeys.extensions(tenant_id), { search, sort, order, limit, offset }], page);
      return queryClient.invalidateQueries({ queryKey: tenantKeys.usage(tenant_id) });
    },
  });
}
