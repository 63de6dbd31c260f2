import { AdminLoginReply, type AdminLoginBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** Errors are shown inline on the sign-in form, so this call never toasts. */
export function adminLogin(body: AdminLoginBody): Promise<AdminLoginReply> {
  return apiRequest('/adminLogin', { body, schema: AdminLoginReply, auth: false, silent: true });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
