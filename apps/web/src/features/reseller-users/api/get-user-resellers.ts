import { type UserResellerLinkList } from '@provisio/contract';
import type { z } from 'zod';
import { callApi, type ListPage, type ListParams } from '../../../lib/api';
import { pageLocally } from '../../../lib/local-page';

export type UserResellerLink = z.infer<typeof UserResellerLinkList>[number];
export const userResellersKey = (userId: number) => ['reseller-users', 'resellers', userId] as const;

/** getUsersToResellers: user_id is the reseller user whose resellers are listed (a short list, paged here). */
export async function getUserResellers(userId: number, params: ListParams): Promise<ListPage<UserResellerLink>> {
  const rows = await callApi('getUsersToResellers', { user_id: userId });
  return pageLocally(rows, params, ['name']);
}
