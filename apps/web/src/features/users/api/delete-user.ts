import { OkReply } from '@provisio/contract';
import { apiRequest } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

/** The user's sessions end with them. */
export async function deleteUser(id: number): Promise<void> {
  const reply = await apiRequest('/deleteUserDetail', { body: { id }, schema: OkReply });
  if (reply.message) notifySuccess(reply.message);
}
