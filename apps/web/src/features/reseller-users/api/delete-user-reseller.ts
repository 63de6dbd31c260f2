import { callApi } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

export async function deleteUserReseller(id: number): Promise<void> {
  const reply = await callApi('deleteResellerUserJunction', { id });
  if (reply.message) notifySuccess(reply.message);
}
