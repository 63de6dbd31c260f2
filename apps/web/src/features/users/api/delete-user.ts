import { callApi } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

/** The user's sessions end with them. */
export async function deleteUser(id: number): Promise<void> {
  const reply = await callApi('deleteUserDetail', { id });
  if (reply.message) notifySuccess(reply.message);
}
