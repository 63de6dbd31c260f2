import { OkReply, type ResetAppPasswordBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function resetAppPassword(body: ResetAppPasswordBody): Promise<OkReply> {
  return apiRequest('/resetAppPassword', { body, schema: OkReply, auth: false, silent: true });
}

export function useResetAppPassword() {
  return useMutation({ mutationFn: resetAppPassword });
}
