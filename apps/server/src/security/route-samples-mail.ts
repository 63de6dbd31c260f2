/** Issue #20: sample requests of the mail-truth calls, aimed at the victim tenant (its job; a mail that is not one). */
import { VICTIM_TENANT as V } from './security-fixture';

export const MAIL_TRUTH_SAMPLES = {
  'POST /api/v1/emailLinkPreview': {
    body: () => ({ recepient: 'eve@cobalt.example', subject: 'Hi', body: '<p>{{link}}</p>', tenant_id: V }),
  },
  'POST /api/v1/jobMails': { body: (i: { victimJob: number }) => ({ job_id: i.victimJob }) },
  // No such mail: every caller is told so (404); mail-truth.test.ts refuses another tenant's real failed mail.
  'POST /api/v1/retryMail': { body: () => ({ mail_id: 2_000_000_000 }) },
};
