import { z } from 'zod';
import { call } from './call';
import { LIMITS, callerEcho } from './common';
import { EXTENSION_PATTERN } from './extensions';

/**
 * Per-app activation credentials (issue #14): the QR and `/provision` carry a portal-generated secret instead of the
 * user's own password. Revoking an app refuses its provisioning at once; rotating issues a new secret (and QR) while
 * the previous one keeps working for ACTIVATION_GRACE_MINUTES.
 */
export const ACTIVATION_SECRET_BYTES = 24;
/** base64url of ACTIVATION_SECRET_BYTES random bytes. */
export const ACTIVATION_SECRET_PATTERN = /^[A-Za-z0-9_-]{32}$/;
export const ACTIVATION_GRACE_MINUTES = 10;

const tenantId = z.string({ error: 'fieldRequired' }).trim().min(1).max(LIMITS.shortTextMax);
const extension = z.string({ error: 'fieldRequired' }).trim().regex(EXTENSION_PATTERN, { error: 'extensionInvalid' });

export const RevokeAppBody = z.strictObject({ tenant_id: tenantId, extension, ...callerEcho });
export type RevokeAppBody = z.infer<typeof RevokeAppBody>;
export const RevokeAppReply = z.object({ ok: z.literal(true), message: z.string(), sip_password_changed: z.boolean() });
export type RevokeAppReply = z.infer<typeof RevokeAppReply>;

export const RotateActivationBody = z.strictObject({
  tenant_id: tenantId,
  extension,
  /** Mail the new QR to the account's email (its username); otherwise only the reply carries it. */
  send_email: z.boolean().optional(),
  ...callerEcho,
});
export type RotateActivationBody = z.infer<typeof RotateActivationBody>;
export const RotateActivationReply = z.object({
  ok: z.literal(true),
  message: z.string(),
  qrValue: z.string(),
  emailed: z.boolean(),
});
export type RotateActivationReply = z.infer<typeof RotateActivationReply>;

export const appActivationCalls = {
  revokeApp: call({
    method: 'POST',
    path: '/revokeApp',
    access: 'signed-in',
    tags: ['app-activation'],
    summary: "Revoke an extension's app: provisioning refused at once, app sessions ended, SIP password rotated",
    body: RevokeAppBody,
    reply: RevokeAppReply,
  }),
  rotateActivation: call({
    method: 'POST',
    path: '/rotateActivation',
    access: 'signed-in',
    tags: ['app-activation'],
    summary: 'Issue a new activation secret (QR) for an app; the previous one stops after the grace',
    body: RotateActivationBody,
    reply: RotateActivationReply,
  }),
};
