import { OkReply } from '@provisio/contract';
import { apiRequest } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

/** Removes the reseller user with their reseller links and sessions. */
export async function deleteResellerUser(id: number): Promise<void> {
  const reply = await apiRequest('/deleteResellerUser', { body: { id }, schema: OkReply });
  if (reply.message) notifySuccess(reply.message);
}
