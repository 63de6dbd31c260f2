import { OkReply } from '@provisio/contract';
import { apiRequest } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

export async function deleteResellerTenant(id: number): Promise<void> {
  const reply = await apiRequest('/deleteResellerTenant', { body: { id }, schema: OkReply });
  if (reply.message) notifySuccess(reply.message);
}
