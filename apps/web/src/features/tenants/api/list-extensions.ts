import {
  EXTENSION_DEFAULT_PAGE_SIZE,
  type ExtensionRow,
  type LifecycleFilter,
  type QuickFilter,
} from '@provisio/contract';
import type { QueryClient } from '@tanstack/react-query';
import { callListApi, type ListPage, type ListParams } from '../../../lib/api';
import { tenantKeys } from './keys';

/** What narrows the subscribers table beyond its search: one invitation step, and quick filters (AND). */
export interface ExtensionFilters {
  lifecycle: LifecycleFilter | null;
  quick: QuickFilter[];
}
export const NO_FILTERS: ExtensionFilters = { lifecycle: null, quick: [] };
export const isFiltered = (f: ExtensionFilters) => f.lifecycle !== null || f.quick.length > 0;

/** One page of a tenant's extensions, searched, filtered and sorted on the server (total in X-Total-Count). */
export function listExtensions(
  tenantId: string,
  params: ListParams,
  filters: ExtensionFilters = NO_FILTERS,
): Promise<ListPage<ExtensionRow>> {
  return callListApi('getExtensions', {
    tenant_id: tenantId,
    ...params,
    ...(filters.lifecycle ? { lifecycle: filters.lifecycle } : {}),
    ...(filters.quick.length ? { quick: filters.quick } : {}),
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
