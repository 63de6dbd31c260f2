import { OkReply, type ForgetPasswordBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function forgetPassword(body: ForgetPasswordBody): Promise<OkReply> {
  return apiRequest('/forgetPassword', { body, schema: OkReply, auth: false, silent: true });
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
