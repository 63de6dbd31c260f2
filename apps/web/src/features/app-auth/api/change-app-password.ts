import { type ChangeAppPasswordBody, type OkReply } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function changeAppPassword(body: ChangeAppPasswordBody): Promise<OkReply> {
  return callApi('changeAppPassword', body, { auth: false, silent: true });
}

export function useChangeAppPassword() {
  return useMutation({ mutationFn: changeAppPassword });
}
