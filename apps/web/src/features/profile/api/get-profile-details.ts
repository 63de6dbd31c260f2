import { type ProfileReply } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';

export function getProfileDetails(): Promise<ProfileReply> {
  return callApi('getProfileDetails', {});
}

export function useProfileDetails() {
  return useQuery({ queryKey: queryKeys.profile, queryFn: getProfileDetails, staleTime: 0 });
}
