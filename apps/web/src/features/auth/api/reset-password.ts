import { type OkReply, type ResetPasswordBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function resetPassword(body: ResetPasswordBody): Promise<OkReply> {
  return callApi('resetPassword', body, { auth: false, silent: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
