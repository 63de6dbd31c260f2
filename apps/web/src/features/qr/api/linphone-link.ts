import { type LinphoneLinkBody, type LinphoneLinkReply } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** A one-time Linphone provisioning URL for the account authLogin signed in (its grant); errors are shown inline. */
export function linphoneLink(body: LinphoneLinkBody): Promise<LinphoneLinkReply> {
  return callApi('linphoneLink', body, { auth: false, silent: true });
}

export function useLinphoneLink() {
  return useMutation({ mutationFn: linphoneLink });
}
