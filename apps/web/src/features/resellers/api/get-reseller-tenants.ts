import { ResellerTenantList, type ResellerTenantRow } from '@provisio/contract';
import { apiListRequest, type ListPage, type ListParams } from '../../../lib/api';

export const resellerTenantsKey = (resellerId: number) => ['resellers', 'tenants', resellerId] as const;

export function getResellerTenants(resellerId: number, params: ListParams): Promise<ListPage<ResellerTenantRow>> {
  return apiListRequest('/getResellerTenants', { body: { reseller_id: resellerId, ...params }, schema: ResellerTenantList });
}
