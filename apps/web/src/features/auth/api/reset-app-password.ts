import { type OkReply, type ResetAppPasswordBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function resetAppPassword(body: ResetAppPasswordBody): Promise<OkReply> {
  return callApi('resetAppPassword', body, { auth: false, silent: true });
}

export function useResetAppPassword() {
  return useMutation({ mutationFn: resetAppPassword });
}
