import { type EmailLinkBody } from '@provisio/contract';
import { callApi } from '../../../lib/api';

/** emailLink: a job queues one QR-link email per subscriber that can use it; the reply lists the skipped ones. */
export function emailLink(body: EmailLinkBody) {
  return callApi('emailLink', body);
}

/** emailLinkPreview: who emailLink would mail and skip (and why), for the confirmation; queues nothing. */
export function emailLinkPreview(body: EmailLinkBody) {
  return callApi('emailLinkPreview', body);
}
