import { type AdminLoginBody, type AdminLoginReply } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Errors are shown inline on the sign-in form, so this call never toasts. */
export function adminLogin(body: AdminLoginBody): Promise<AdminLoginReply> {
  return callApi('adminLogin', body, { auth: false, silent: true });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
