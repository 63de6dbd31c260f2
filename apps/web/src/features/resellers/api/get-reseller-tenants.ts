import { type ResellerTenantRow, resellersCalls } from '@provisio/contract';
import { callListApi, type ListPage, type ListParams } from '../../../lib/api';

export const resellerTenantsKey = (resellerId: number) => ['resellers', 'tenants', resellerId] as const;

export function getResellerTenants(resellerId: number, params: ListParams): Promise<ListPage<ResellerTenantRow>> {
  return callListApi(resellersCalls.getResellerTenants, { reseller_id: resellerId, ...params });
}
