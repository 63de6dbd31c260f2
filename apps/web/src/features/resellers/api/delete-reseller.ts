import { OkReply } from '@provisio/contract';
import { apiRequest } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

/** Removes the reseller with its tenant and user links (one transaction on the server). */
export async function deleteReseller(id: number): Promise<void> {
  const reply = await apiRequest('/deleteReseller', { body: { id }, schema: OkReply });
  if (reply.message) notifySuccess(reply.message);
}
