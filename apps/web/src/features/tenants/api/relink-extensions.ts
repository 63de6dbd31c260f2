import { type ReLinkExtensionsBody } from '@provisio/contract';
import { callApi } from '../../../lib/api';

/** reLinkExtensions: a job re-creates the users' app accounts and re-sends their links. */
export function relinkExtensions(users: ReLinkExtensionsBody) {
  return callApi('reLinkExtensions', users);
}
