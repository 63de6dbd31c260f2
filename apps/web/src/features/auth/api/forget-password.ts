import { type ForgetPasswordBody, type OkReply } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function forgetPassword(body: ForgetPasswordBody): Promise<OkReply> {
  return callApi('forgetPassword', body, { auth: false, silent: true });
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
