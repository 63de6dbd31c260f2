import { type DashboardReply } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';

/** The server scopes the counts to what the caller may see, so every role makes the same call. */
export function getDashboardSummary(): Promise<DashboardReply> {
  return callApi('dashboardSummary', {});
}

export function useDashboardSummary() {
  return useQuery({ queryKey: queryKeys.dashboardSummary, queryFn: getDashboardSummary });
}
