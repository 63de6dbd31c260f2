import { type ResellerUserRow } from '@provisio/contract';
import { callListApi, type ListPage, type ListParams } from '../../../lib/api';

export const resellerUsersKey = ['reseller-users', 'list'] as const;

export function listResellerUsers(params: ListParams): Promise<ListPage<ResellerUserRow>> {
  return callListApi('resellerUserSummary', params);
}
