import { OkReply, type ResetPasswordBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function resetPassword(body: ResetPasswordBody): Promise<OkReply> {
  return apiRequest('/resetPassword', { body, schema: OkReply, auth: false, silent: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
