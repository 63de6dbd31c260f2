import type { QueryClient } from '@tanstack/react-query';
import { tenantQuery } from './get-tenant';
import { lastProvisionedQuery } from './get-last-provisioned';
import { prefetchFirstPage } from './list-extensions';

/** What /tenants?tenant= shows first: the tenant, its first page of subscribers and their provisioning dates. */
export function prefetchTenantScreen(client: QueryClient, tenantId: string) {
  return Promise.all([
    client.prefetchQuery(tenantQuery(tenantId)),
    prefetchFirstPage(client, tenantId),
    client.prefetchQuery(lastProvisionedQuery(tenantId)),
  ]);
}
