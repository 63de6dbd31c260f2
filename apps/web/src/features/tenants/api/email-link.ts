import { type EmailLinkBody, appAccountsCalls } from '@provisio/contract';
import { callApi } from '../../../lib/api';

/** emailLink: a job sends one QR-link email per subscriber having each recipient email. */
export function emailLink(body: EmailLinkBody) {
  return callApi(appAccountsCalls.emailLink, body);
}
