import { resellersCalls } from '@provisio/contract';
import { callApi } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

export async function deleteResellerTenant(id: number): Promise<void> {
  const reply = await callApi(resellersCalls.deleteResellerTenant, { id });
  if (reply.message) notifySuccess(reply.message);
}
