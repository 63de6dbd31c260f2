import { type OkReply } from '@provisio/contract';
import { callApi } from '../../../lib/api';

/** Revokes the session on the server; failures are ignored because the browser forgets the token anyway. */
export function logout(): Promise<OkReply> {
  return callApi('logout', undefined, { silent: true });
}
