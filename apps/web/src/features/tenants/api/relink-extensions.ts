import { JobStartedReply, type ReLinkExtensionsBody } from '@provisio/contract';
import { apiRequest } from '../../../lib/api';

/** reLinkExtensions: a job re-creates the users' app accounts and re-sends their links. */
export function relinkExtensions(users: ReLinkExtensionsBody) {
  return apiRequest('/reLinkExtensions', { body: users, schema: JobStartedReply });
}
