import { OkReply, type ViewAsBody, ViewAsReply, viewAsCalls } from '@provisio/contract';
import { apiRequest } from '../../../lib/api';

/** Starts a view session (admin); the reply holds its token. The dialog shows a refusal itself. */
export function startViewAs(body: ViewAsBody): Promise<ViewAsReply> {
  return apiRequest(viewAsCalls.viewAs.path, { body, schema: ViewAsReply, silent: true });
}

/** Ends the view session the browser holds now; a view already ended is no failure here. */
export function stopViewing(): Promise<OkReply> {
  return apiRequest(viewAsCalls.stopViewing.path, { schema: OkReply, silent: true });
}
