import { type ForgetAppPasswordBody, type OkReply } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Emails a single-use link to /resetAppPassword; the same reply whether or not the account exists. */
export function forgetAppPassword(body: ForgetAppPasswordBody): Promise<OkReply> {
  return callApi('forgetAppPassword', body, { auth: false, silent: true });
}

export function useForgetAppPassword() {
  return useMutation({ mutationFn: forgetAppPassword });
}
