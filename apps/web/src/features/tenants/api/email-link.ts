import { JobStartedReply, type EmailLinkBody } from '@provisio/contract';
import { apiRequest } from '../../../lib/api';

/** emailLink: a job sends one QR-link email per subscriber having each recipient email. */
export function emailLink(body: EmailLinkBody) {
  return apiRequest('/emailLink', { body, schema: JobStartedReply });
}
