import { ResellerUserList, type ResellerUserRow } from '@provisio/contract';
import { apiListRequest, type ListPage, type ListParams } from '../../../lib/api';

export const resellerUsersKey = ['reseller-users', 'list'] as const;

export function listResellerUsers(params: ListParams): Promise<ListPage<ResellerUserRow>> {
  return apiListRequest('/resellerUserSummary', { body: params, schema: ResellerUserList });
}
