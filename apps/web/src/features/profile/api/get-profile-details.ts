import { ProfileReply } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';

export function getProfileDetails(): Promise<ProfileReply> {
  return apiRequest('/getProfileDetails', { body: {}, schema: ProfileReply });
}

export function useProfileDetails() {
  return useQuery({ queryKey: queryKeys.profile, queryFn: getProfileDetails, staleTime: 0 });
}
