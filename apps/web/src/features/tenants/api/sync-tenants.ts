import { TenantList } from '@provisio/contract';
import { apiRequestWithHeaders } from '../../../lib/api';
import { jobIdFrom } from '../../../lib/jobs';

/** tenantList {sync: true}: starts a sync of the tenant list from the platform, or joins the one running. */
export async function syncTenants(): Promise<number | null> {
  const { headers } = await apiRequestWithHeaders('/tenantList', { body: { sync: true, limit: 1 }, schema: TenantList });
  return jobIdFrom(headers);
}
