import { OkReply, type ChangeAppPasswordBody } from '@provisio/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function changeAppPassword(body: ChangeAppPasswordBody): Promise<OkReply> {
  return apiRequest('/changeAppPassword', { body, schema: OkReply, auth: false, silent: true });
}

export function useChangeAppPassword() {
  return useMutation({ mutationFn: changeAppPassword });
}
