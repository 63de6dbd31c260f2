import { type AuthLoginBody, type AuthLoginReply } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The QR payload and a ten-minute grant for emailQR; failures are shown inline ('Invalid Password!'). */
export function authLogin(body: AuthLoginBody): Promise<AuthLoginReply> {
  return callApi('authLogin', body, { auth: false, silent: true });
}

export function useAuthLogin() {
  return useMutation({ mutationFn: authLogin });
}
