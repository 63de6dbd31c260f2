import { type ChangePasswordBody, type OkReply } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** A wrong old password comes back as 400 'Wrong Password', shown as a toast by the API client. */
export function changePassword(body: ChangePasswordBody): Promise<OkReply> {
  return callApi('changePassword', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
