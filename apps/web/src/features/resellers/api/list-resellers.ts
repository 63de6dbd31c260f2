import { ResellerList, type ResellerRow } from '@provisio/contract';
import { apiListRequest, type ListPage, type ListParams } from '../../../lib/api';

export const resellersKey = ['resellers', 'list'] as const;

export function listResellers(params: ListParams): Promise<ListPage<ResellerRow>> {
  return apiListRequest('/resellerSummary', { body: params, schema: ResellerList });
}
