import { type ResellerRow } from '@provisio/contract';
import { callListApi, type ListPage, type ListParams } from '../../../lib/api';

export const resellersKey = ['resellers', 'list'] as const;

export function listResellers(params: ListParams): Promise<ListPage<ResellerRow>> {
  return callListApi('resellerSummary', params);
}
