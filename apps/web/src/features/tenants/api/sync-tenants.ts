import { callApiWithHeaders } from '../../../lib/api';
import { jobIdFrom } from '../../../lib/jobs';

/** tenantList {sync: true}: starts a sync of the tenant list from the platform, or joins the one running. */
export async function syncTenants(): Promise<number | null> {
  const { headers } = await callApiWithHeaders('tenantList', { sync: true, limit: 1 });
  return jobIdFrom(headers);
}
