import { OkReply } from '@provisio/contract';
import { apiRequest } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

export async function deleteUserReseller(id: number): Promise<void> {
  const reply = await apiRequest('/deleteResellerUserJunction', { body: { id }, schema: OkReply });
  if (reply.message) notifySuccess(reply.message);
}
