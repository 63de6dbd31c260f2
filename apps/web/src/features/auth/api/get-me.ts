import { type MeReply } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';

export function getMe(): Promise<MeReply> {
  return callApi('me', undefined);
}

/** The session check (RequireAuth) and its prefetch before the first render (app/first-screen.ts). */
export const meQuery = { queryKey: queryKeys.me, queryFn: getMe, staleTime: 5 * 60_000 };

/** Confirms the stored token on load; a 401 ends the session inside the API client. */
export function useMe(enabled: boolean) {
  return useQuery({ ...meQuery, enabled });
}
