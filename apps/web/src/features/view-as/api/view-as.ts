import type { OkReply, ViewAsBody, ViewAsReply } from '@provisio/contract';
import { callApi } from '../../../lib/api';

/** Starts a view session (admin); the reply holds its token. The dialog shows a refusal itself. */
export function startViewAs(body: ViewAsBody): Promise<ViewAsReply> {
  return callApi('viewAs', body, { silent: true });
}

/** Ends the view session the browser holds now; a view already ended is no failure here. */
export function stopViewing(): Promise<OkReply> {
  return callApi('stopViewing', undefined, { silent: true });
}
