import { callApi } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

/** Removes the reseller with its tenant and user links (one transaction on the server). */
export async function deleteReseller(id: number): Promise<void> {
  const reply = await callApi('deleteReseller', { id });
  if (reply.message) notifySuccess(reply.message);
}
