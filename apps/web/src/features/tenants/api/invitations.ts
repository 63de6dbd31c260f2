import { type InviteNotProvisionedBody, type ResendInviteBody } from '@provisio/contract';
import { callApi } from '../../../lib/api';

/** resendInvite: one linked extension's invitation again, with a template (a job). */
export function resendInvite(body: ResendInviteBody) {
  return callApi('resendInvite', body);
}

/** inviteNotProvisioned: every linked, licensed extension of the tenant whose app has not provisioned (a job with progress). */
export function inviteNotProvisioned(body: InviteNotProvisionedBody) {
  return callApi('inviteNotProvisioned', body);
}
