import { OkReply } from '@provisio/contract';
import { apiRequest } from '../../../lib/api';

/** Revokes the session on the server; failures are ignored because the browser forgets the token anyway. */
export function logout(): Promise<OkReply> {
  return apiRequest('/logout', { body: {}, schema: OkReply, silent: true });
}
