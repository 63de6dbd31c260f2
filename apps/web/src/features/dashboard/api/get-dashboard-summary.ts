import { DashboardReply } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';

/** The server scopes the counts to what the caller may see, so every role makes the same call. */
export function getDashboardSummary(): Promise<DashboardReply> {
  return apiRequest('/dashboardSummary', { body: {}, schema: DashboardReply });
}

export function useDashboardSummary() {
  return useQuery({ queryKey: queryKeys.dashboardSummary, queryFn: getDashboardSummary });
}
