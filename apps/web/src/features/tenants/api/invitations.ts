import { JobStartedReply, type InviteNotProvisionedBody, type ResendInviteBody } from '@provisio/contract';
import { apiRequest } from '../../../lib/api';

/** resendInvite: one linked extension's invitation again, with a template (a job). */
export function resendInvite(body: ResendInviteBody) {
  return apiRequest('/resendInvite', { body, schema: JobStartedReply });
}

/** inviteNotProvisioned: every linked, licensed extension of the tenant whose app has not provisioned (a job with progress). */
export function inviteNotProvisioned(body: InviteNotProvisionedBody) {
  return apiRequest('/inviteNotProvisioned', { body, schema: JobStartedReply });
}
