import { OkReply, type ForgetAppPasswordBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** 'Forgot Password? Reset' on the QR page: emails the app account a link to /resetAppPassword. */
export function resetAuthPassword(body: ForgetAppPasswordBody): Promise<OkReply> {
  return apiRequest('/resetAuthPassword', { body, schema: OkReply, auth: false, silent: true });
}

export function useResetAuthPassword() {
  return useMutation({ mutationFn: resetAuthPassword });
}
