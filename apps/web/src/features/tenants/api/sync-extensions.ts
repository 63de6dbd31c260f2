import { callApiWithHeaders } from '../../../lib/api';
import { jobIdFrom } from '../../../lib/jobs';

/** getExtensions {sync: true}: starts a sync of the tenant's domains and extensions, or joins the one running. */
export async function syncExtensions(tenantId: string): Promise<number | null> {
  const { headers } = await callApiWithHeaders('getExtensions', {
    tenant_id: tenantId,
    sync: true,
    limit: 1,
  });
  return jobIdFrom(headers);
}
