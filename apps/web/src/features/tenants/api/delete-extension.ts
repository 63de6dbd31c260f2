import { OkReply } from '@provisio/contract';
import { apiRequest } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

/** deleteExtension (admin): removes it from the platform and the portal, its app account too. */
export async function deleteExtension(tenantId: string, extension: string): Promise<void> {
  const reply = await apiRequest('/deleteExtension', { body: { tenant_id: tenantId, extension }, schema: OkReply });
  if (reply.message) notifySuccess(reply.message);
}
