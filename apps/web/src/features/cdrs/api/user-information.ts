import { type UserInformationBody, type UserInformationReply } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The app account's extension and pin (for the call-record token) and an app session; errors shown inline. */
export function userInformation(body: UserInformationBody): Promise<UserInformationReply> {
  return callApi('userInformation', body, { auth: false, silent: true });
}

export function useUserInformation() {
  return useMutation({ mutationFn: userInformation });
}
