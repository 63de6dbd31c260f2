import type { QueryClient } from '@tanstack/react-query';
import { meQuery } from '../features/auth/api/get-me';

/**
 * The data a signed-in page opened directly shows first, put in the query cache before the first render (issue #19):
 * the session check, and for a tenant's subscribers the tenant, its first page and its provisioning dates. The
 * requests are the ones public/boot.js started before any module ran (lib/early-requests.ts), so this mostly waits
 * for replies already under way; the page then renders once with its rows instead of a cover, then a loader, then
 * the table, each a pass of its own. A failure is left to the screens, which ask again and show it as usual.
 */
export function prefetchFirstScreen(client: QueryClient, location: { pathname: string; search: string }) {
  const jobs: Promise<unknown>[] = [client.prefetchQuery(meQuery)];
  const tenant = new URLSearchParams(location.search).get('tenant');
  if (location.pathname === '/tenants' && tenant)
    jobs.push(import('../features/tenants/api/first-screen').then((m) => m.prefetchTenantScreen(client, tenant)));
  return Promise.allSettled(jobs);
}
