import { type UserRow } from '@provisio/contract';
import { callListApi, type ListPage, type ListParams } from '../../../lib/api';

export const usersKey = ['users', 'list'] as const;

export function listUsers(params: ListParams): Promise<ListPage<UserRow>> {
  return callListApi('userSummary', params);
}
