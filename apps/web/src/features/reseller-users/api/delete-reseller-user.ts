import { callApi } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

/** Removes the reseller user with their reseller links and sessions. */
export async function deleteResellerUser(id: number): Promise<void> {
  const reply = await callApi('deleteResellerUser', { id });
  if (reply.message) notifySuccess(reply.message);
}
