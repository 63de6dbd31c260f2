import { type ResellerTenantRow } from '@provisio/contract';
import { callListApi, type ListPage, type ListParams } from '../../../lib/api';

export const resellerTenantsKey = (resellerId: number) => ['resellers', 'tenants', resellerId] as const;

export function getResellerTenants(resellerId: number, params: ListParams): Promise<ListPage<ResellerTenantRow>> {
  return callListApi('getResellerTenants', { reseller_id: resellerId, ...params });
}
