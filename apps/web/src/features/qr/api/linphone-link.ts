import { LinphoneLinkReply, type LinphoneLinkBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** A one-time Linphone provisioning URL for the account authLogin signed in (its grant); errors are shown inline. */
export function linphoneLink(body: LinphoneLinkBody): Promise<LinphoneLinkReply> {
  return apiRequest('/linphoneLink', { body, schema: LinphoneLinkReply, auth: false, silent: true });
}

export function useLinphoneLink() {
  return useMutation({ mutationFn: linphoneLink });
}
