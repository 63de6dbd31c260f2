import { type PublicConfigReply } from '@provisio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';

export function getPublicConfig(): Promise<PublicConfigReply> {
  return callApi('publicConfig', undefined, { auth: false, silent: true });
}

export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.publicConfig,
  queryFn: getPublicConfig,
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
