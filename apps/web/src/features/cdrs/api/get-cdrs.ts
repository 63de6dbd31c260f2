import { type CdrsBody, type CdrsReply } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import type { CdrSession } from '../cdr-session';

export type CdrScope = 'mine' | 'group';

/** My Calls (getCDRs) or Group Calls (getGroupCDRs, admin extensions only); null when there is nothing. */
export function getCdrs(scope: CdrScope, body: CdrsBody): Promise<CdrsReply> {
  return callApi(scope === 'mine' ? 'getCDRs' : 'getGroupCDRs', body, { auth: false, silent: true });
}

export function useCdrs(scope: CdrScope, session: CdrSession | null) {
  return useQuery({
    queryKey: ['cdrs', scope, session?.tenant_id, session?.user],
    queryFn: () => getCdrs(scope, { tenant_id: session!.tenant_id, token: session!.token, user: session!.user }),
    enabled: session !== null,
    staleTime: 0,
  });
}
