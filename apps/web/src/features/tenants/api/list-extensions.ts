import { EXTENSION_DEFAULT_PAGE_SIZE, type ExtensionRow, type LifecycleFilter } from '@provisio/contract';
import type { QueryClient } from '@tanstack/react-query';
import { callListApi, type ListPage, type ListParams } from '../../../lib/api';
import { tenantKeys } from './keys';

/** One page of a tenant's extensions, searched and sorted on the server (total in X-Total-Count), optionally of one invitation step. */
export function listExtensions(
  tenantId: string,
  params: ListParams,
  lifecycle?: LifecycleFilter,
): Promise<ListPage<ExtensionRow>> {
  return callListApi('getExtensions', {
    tenant_id: tenantId,
    ...params,
    ...(lifecycle ? { lifecycle } : {}),
  });
}

/** The subscribers table's first request: its default sort and page size. */
export const FIRST_PAGE: ListParams = {
  search: undefined,
  sort: 'extension',
  order: 'asc',
  limit: EXTENSION_DEFAULT_PAGE_SIZE,
  offset: 0,
};

/** Asks for the first page while the tenant itself is still being looked up, so the table shows sooner. */
export function prefetchFirstPage(queryClient: QueryClient, tenantId: string) {
  return queryClient.prefetchQuery({
    queryKey: [...tenantKeys.extensions(tenantId), FIRST_PAGE],
    queryFn: () => listExtensions(tenantId, FIRST_PAGE),
    staleTime: 2000,
  });
}
