import { AuthLoginReply, type AuthLoginBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** The QR payload and a ten-minute grant for emailQR; failures are shown inline ('Invalid Password!'). */
export function authLogin(body: AuthLoginBody): Promise<AuthLoginReply> {
  return apiRequest('/authLogin', { body, schema: AuthLoginReply, auth: false, silent: true });
}

export function useAuthLogin() {
  return useMutation({ mutationFn: authLogin });
}
