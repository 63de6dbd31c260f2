import { type ForgetAppPasswordBody, type OkReply } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** 'Forgot Password? Reset' on the QR page: emails the app account a link to /resetAppPassword. */
export function resetAuthPassword(body: ForgetAppPasswordBody): Promise<OkReply> {
  return callApi('resetAuthPassword', body, { auth: false, silent: true });
}

export function useResetAuthPassword() {
  return useMutation({ mutationFn: resetAuthPassword });
}
