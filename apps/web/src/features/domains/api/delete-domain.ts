import { callApi } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

export async function deleteDomain(id: number): Promise<void> {
  const reply = await callApi('deleteDomainDetail', { id });
  if (reply.message) notifySuccess(reply.message);
}
