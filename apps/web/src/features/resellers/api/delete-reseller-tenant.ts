import { callApi } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

export async function deleteResellerTenant(id: number): Promise<void> {
  const reply = await callApi('deleteResellerTenant', { id });
  if (reply.message) notifySuccess(reply.message);
}
