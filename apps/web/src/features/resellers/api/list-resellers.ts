import { type ResellerRow, resellersCalls } from '@provisio/contract';
import { callListApi, type ListPage, type ListParams } from '../../../lib/api';

export const resellersKey = ['resellers', 'list'] as const;

export function listResellers(params: ListParams): Promise<ListPage<ResellerRow>> {
  return callListApi(resellersCalls.resellerSummary, params);
}
