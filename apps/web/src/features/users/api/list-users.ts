import { UserList, type UserRow } from '@provisio/contract';
import { apiListRequest, type ListPage, type ListParams } from '../../../lib/api';

export const usersKey = ['users', 'list'] as const;

export function listUsers(params: ListParams): Promise<ListPage<UserRow>> {
  return apiListRequest('/userSummary', { body: params, schema: UserList });
}
