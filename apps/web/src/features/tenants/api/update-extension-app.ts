import { type UpdateAndGetExtensionBody, type UpdateExtensionsAppBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, callListApi } from '../../../lib/api';
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
      const base = tenantKeys.extensions(tenant_id);
      queryClient.setQueryData([...base, { search, sort, order, limit, offset }], page);
      // A filtered table's pages ([...base, filters, paging]) are read again: the row may have left the filter.
      void queryClient.invalidateQueries({ queryKey: base, predicate: (q) => q.queryKey.length > base.length + 1 });
      return queryClient.invalidateQueries({ queryKey: tenantKeys.usage(tenant_id) });
    },
  });
}

/** updateExtensionsApp: one app on or off for the selected extensions, all within the licence or none (issue #19). */
export function useUpdateExtensionsApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateExtensionsAppBody) => callApi('updateExtensionsApp', body),
    onSuccess: (_reply, { tenant_id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantKeys.extensions(tenant_id) }),
        queryClient.invalidateQueries({ queryKey: tenantKeys.usage(tenant_id) }),
      ]),
  });
}
