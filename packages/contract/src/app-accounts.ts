import { z } from 'zod';
import { call } from './call';
import { LIMITS, OkReply, callerEcho } from './common';
import { InviteNotProvisionedBody, ResendInviteBody } from './extensions';
import { JobStartedReply } from './jobs';

/** A new link's PIN: digits only, at least LIMITS.linkPinMin of them. */
export const LINK_PIN = new RegExp(`^\\d{${LIMITS.linkPinMin},}$`);

const linkField = (max: number) =>
  z.string({ error: 'linkFieldsRequired' }).trim().min(1, { error: 'linkFieldsRequired' }).max(max);

/**
 * linkExtension: creates or updates the extension's app account (username = email lowercased, unique in the
 * cloud; password kept as a hash only, to be changed at first sign-in). domain may be empty when tenant_id is given.
 */
export const LinkExtensionBody = z.strictObject({
  email: linkField(LIMITS.emailMax).pipe(z.email({ error: 'emailInvalid' })),
  did: z.union([z.string(), z.number()], { error: 'linkFieldsRequired' }).transform(String).pipe(linkField(40)),
  // New links need a longer PIN than the spec's 4 digits (issue #13: a 4-digit PIN is guessed); older PINs keep working.
  pin: z
    .union([z.string(), z.number()], { error: 'linkFieldsRequired' })
    .transform(String)
    .pipe(linkField(20))
    .refine((v) => v === '' || LINK_PIN.test(v), { error: 'linkPinRule', params: { min: LIMITS.linkPinMin } }),
  password: linkField(LIMITS.passwordMax).pipe(z.string().min(LIMITS.appPasswordMin, { error: 'appPasswordMin' })),
  extension: z.union([z.string(), z.number()], { error: 'extensionNotSelected' }).transform(String),
  domain: z.string().trim().max(LIMITS.shortTextMax).optional(),
  tenant_id: z.string().trim().max(LIMITS.shortTextMax).optional(),
  ...callerEcho,
});
export type LinkExtensionBody = z.infer<typeof LinkExtensionBody>;

/**
 * emailLink: `recepient` is one email, several separated by commas, or an array of emails. Each email gets one
 * message per subscriber having it in the caller's visible tenants (or in tenant_id). An empty entry in an array
 * (a checked row without email) is refused; an empty array means nobody was selected. Runs as a job.
 */
export const EmailLinkBody = z.strictObject({
  recepient: z.union([z.string().max(20_000), z.array(z.string().max(LIMITS.emailMax)).max(20_000)]),
  cc: z.string().max(1000).optional(),
  subject: z.string().max(500).optional(),
  body: z.string().max(100_000).optional(),
  tenant_id: z.string().trim().max(LIMITS.shortTextMax).optional(),
  ...callerEcho,
});
export type EmailLinkBody = z.infer<typeof EmailLinkBody>;

/**
 * Issue #20: a QR link only helps an extension that is linked, has an app account (what the QR page signs in to)
 * and whose app is not revoked; an email no subscriber in scope has gets nothing either. Such recipients are
 * skipped, and said so: before sending (emailLinkPreview) and in emailLink's reply and job report.
 */
export const SKIP_REASONS = ['not_linked', 'no_app_account', 'app_revoked', 'no_subscriber'] as const;
export const SkipReason = z.enum(SKIP_REASONS);
export type SkipReason = z.infer<typeof SkipReason>;
export const SkippedRecipient = z.object({
  tenant_id: z.string(),
  /** Empty for an email no subscriber has. */
  extension: z.string(),
  email: z.string(),
  reason: SkipReason,
  /** The reason in the caller's language. */
  message: z.string(),
});
export type SkippedRecipient = z.infer<typeof SkippedRecipient>;
export const LinkRecipient = z.object({
  tenant_id: z.string(),
  extension: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
});
export type LinkRecipient = z.infer<typeof LinkRecipient>;

/** What a send would do, without queuing anything (the confirmation lists both). */
export const EmailLinkPreviewReply = z.object({ to_send: z.array(LinkRecipient), skipped: z.array(SkippedRecipient) });
export type EmailLinkPreviewReply = z.infer<typeof EmailLinkPreviewReply>;

/** JobStartedReply plus (additive, #20) how many messages are queued and who is skipped. */
export const EmailLinkReply = JobStartedReply.extend({
  queued: z.number().optional(),
  skipped: z.array(SkippedRecipient).optional(),
});
export type EmailLinkReply = z.infer<typeof EmailLinkReply>;

/** reLinkExtensions: the spec's array of {tenant_id, email, extension}; a job re-creates the accounts and re-sends links. */
export const RelinkUser = z.object({
  tenant_id: z.string().trim().min(1).max(LIMITS.shortTextMax),
  email: z.string().trim().max(LIMITS.emailMax).nullable().optional(),
  extension: z.union([z.string(), z.number()]).transform(String),
});
export const ReLinkExtensionsBody = z.array(RelinkUser).max(20_000);
export type ReLinkExtensionsBody = z.infer<typeof ReLinkExtensionsBody>;

export const appAccountsCalls = {
  linkExtension: call({
    method: 'POST',
    path: '/linkExtension',
    access: 'signed-in',
    tags: ['app-accounts'],
    summary: "Create or update an extension's app account (username = email) and link it",
    body: LinkExtensionBody,
    reply: OkReply,
  }),
  emailLink: call({
    method: 'POST',
    path: '/emailLink',
    access: 'signed-in',
    tags: ['app-accounts'],
    summary:
      'Queue QR-link emails (a job): one per linked subscriber with an app account having each recipient email, placeholders filled; the others are skipped and listed',
    body: EmailLinkBody,
    reply: EmailLinkReply,
  }),
  emailLinkPreview: call({
    method: 'POST',
    path: '/emailLinkPreview',
    access: 'signed-in',
    tags: ['app-accounts'],
    summary: 'Who an emailLink with this body would mail and who it would skip, and why; queues nothing (#20)',
    body: EmailLinkBody,
    reply: EmailLinkPreviewReply,
  }),
  reLinkExtensions: call({
    method: 'POST',
    path: '/reLinkExtensions',
    access: 'signed-in',
    tags: ['app-accounts'],
    summary: 'Re-create the selected users app accounts and re-send their links (a job)',
    body: ReLinkExtensionsBody,
    reply: JobStartedReply,
  }),
  resendInvite: call({
    method: 'POST',
    path: '/resendInvite',
    access: 'signed-in',
    tags: ['app-accounts'],
    summary: "Send one linked extension's invitation (QR-link email) again with a template (a job; issue #14)",
    body: ResendInviteBody,
    reply: JobStartedReply,
  }),
  inviteNotProvisioned: call({
    method: 'POST',
    path: '/inviteNotProvisioned',
    access: 'signed-in',
    tags: ['app-accounts'],
    summary:
      'Invite every linked extension of a tenant whose app has not provisioned, within the licences (a job with progress; issue #14)',
    body: InviteNotProvisionedBody,
    reply: JobStartedReply,
  }),
};
