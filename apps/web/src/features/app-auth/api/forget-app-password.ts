import { OkReply, type ForgetAppPasswordBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** Emails a single-use link to /resetAppPassword; the same reply whether or not the account exists. */
export function forgetAppPassword(body: ForgetAppPasswordBody): Promise<OkReply> {
  return apiRequest('/forgetAppPassword', { body, schema: OkReply, auth: false, silent: true });
}

export function useForgetAppPassword() {
  return useMutation({ mutationFn: forgetAppPassword });
}
