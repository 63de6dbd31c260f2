import { z } from 'zod';
import { LIMITS, callerEcho } from './common';
import { ListQuery } from './lists';
import { AppColumn, FlagString } from './tenants';

const tenantId = z.string({ error: 'fieldRequired' }).trim().min(1).max(LIMITS.shortTextMax);
export const EXTENSION_PATTERN = /^[0-9A-Za-z*#+_.-]{1,64}$/;
const extensionNumber = z.string().trim().regex(EXTENSION_PATTERN, { error: 'extensionInvalid' });

/** Subscribers table: page sizes of spec §9. */
export const EXTENSION_PAGE_SIZES = [10, 25, 50, 75, 100, 150, 200] as const;
export const EXTENSION_DEFAULT_PAGE_SIZE = 50;

/**
 * Invitation lifecycle of an extension (issue #14): not invited -> invited -> QR opened (the QR page's sign-in
 * succeeded) -> provisioned (first successful /provision) -> registered (the platform reports a registration); revoked
 * whenever an administrator revoked the app (app_activations.revoked_at), whatever step it had reached.
 */
export const LIFECYCLE_STATES = [
  'not_invited',
  'invited',
  'qr_opened',
  'provisioned',
  'registered',
  'revoked',
] as const;
export const Lifecycle = z.enum(LIFECYCLE_STATES);
export type Lifecycle = z.infer<typeof Lifecycle>;
/** getExtensions `lifecycle` filter: the stored states, failed invitations and pending re-provisioning. */
export const LIFECYCLE_FILTERS = [
  'not_invited',
  'invited',
  'invite_failed',
  'qr_opened',
  'provisioned',
  'reprovision_pending',
  'revoked',
] as const;
export const LifecycleFilter = z.enum(LIFECYCLE_FILTERS, { error: 'fieldInvalid' });
export type LifecycleFilter = z.infer<typeof LifecycleFilter>;

/**
 * getExtensions {tenant_id, sync?}: without limit every row (the spec's list); with ListQuery a page, searched over
 * extension, first/last name and email, total in X-Total-Count. With sync a sync job starts or is joined (X-Job-Id).
 */
/**
 * getExtensions `quick` filters of the subscribers table (issue #19): not linked; linked but never provisioned; an app
 * on (either app, or every row while a tenant-wide switch is on); tenant admins. Several combine with AND, and with
 * the search and the lifecycle filter.
 */
export const QUICK_FILTERS = ['not_linked', 'linked_not_provisioned', 'app_on', 'admin'] as const;
export const QuickFilter = z.enum(QUICK_FILTERS, { error: 'fieldInvalid' });
export type QuickFilter = z.infer<typeof QuickFilter>;

export const GetExtensionsBody = z.strictObject({
  tenant_id: tenantId,
  sync: z.boolean().optional(),
  lifecycle: LifecycleFilter.optional(),
  quick: z.array(QuickFilter).max(QUICK_FILTERS.length).optional(),
  ...ListQuery,
  ...callerEcho,
});
export const ExtensionRow = z.object({
  id: z.number(),
  tenant_id: z.string(),
  extension: z.string(),
  domain: z.string(),
  site_name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  admin: z.boolean(),
  email: z.string(),
  linked: z.boolean(),
  mobile_app_allowed: z.boolean(),
  desktop_app_allowed: z.boolean(),
  /** Whether the extension has a current registration; absent when the platform does not report registrations. */
  registered: z.boolean().optional(),
  /** Invitation lifecycle (issue #14); optional so older replies stay valid. */
  lifecycle: Lifecycle.optional(),
  invited_at: z.number().nullable().optional(),
  /** Delivery of the last invitation: queued (or being sent), sent, failed; null when its outbox row is gone. */
  invite_status: z.enum(['queued', 'sent', 'failed']).nullable().optional(),
  qr_opened_at: z.number().nullable().optional(),
  provisioned_at: z.number().nullable().optional(),
  provisioned_ua: z.string().optional(),
  /** Since when the app has to fetch its account again (SIP password, profile or domain changed); null when not. */
  reprovision_pending_since: z.number().nullable().optional(),
});
export type ExtensionRow = z.infer<typeof ExtensionRow>;
export const ExtensionList = z.array(ExtensionRow);

/** getAppUsage {tenant_id}: use against the licence limit, counting every extension when the tenant-level switch is on. */
export const AppUsageBody = z.strictObject({ tenant_id: tenantId, ...callerEcho });
const Usage = z.object({ used: z.number(), limit: z.number(), tenant_level: z.boolean() });
export const AppUsageReply = z.object({ mobile: Usage, desktop: Usage, extensions: z.number() });
export type AppUsageReply = z.infer<typeof AppUsageReply>;

/** getRemoteDomains {tenant_id, sync?} -> [{domain, site_name}]. */
export const GetRemoteDomainsBody = z.strictObject({
  tenant_id: tenantId,
  sync: z.boolean().optional(),
  ...callerEcho,
});
export const RemoteDomainList = z.array(z.object({ domain: z.string(), site_name: z.string() }));

/** updateAndGetExtension: per-extension app switch; the reply is the refreshed list (ListQuery applies as in getExtensions). */
export const UpdateAndGetExtensionBody = z.strictObject({
  id: z.number().int().positive(),
  tenant_id: tenantId,
  column_name: AppColumn,
  value: FlagString,
  ...ListQuery,
  ...callerEcho,
});
export type UpdateAndGetExtensionBody = z.infer<typeof UpdateAndGetExtensionBody>;

/** Most extensions one bulk app switch changes (a page holds 200; a selection gathers several pages). */
export const BULK_APP_MAX = 1000;

/**
 * updateExtensionsApp (issue #19): one app on or off for the selected extensions of a tenant, all or none: turning
 * it on for more than the licence has left is refused as a whole (409), like the single switch.
 */
export const UpdateExtensionsAppBody = z.strictObject({
  tenant_id: tenantId,
  ids: z.array(z.number().int().positive()).min(1, { error: 'noUserSelected' }).max(BULK_APP_MAX),
  column_name: AppColumn,
  value: FlagString,
  ...callerEcho,
});
export type UpdateExtensionsAppBody = z.infer<typeof UpdateExtensionsAppBody>;
export const UpdateExtensionsAppReply = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** Extensions whose switch changed (the others already had the value). */
  changed: z.number(),
});
export type UpdateExtensionsAppReply = z.infer<typeof UpdateExtensionsAppReply>;

/** getUserDetails {extension, tenant_id}. */
export const GetUserDetailsBody = z.strictObject({
  extension: z.union([z.string(), z.number()]).transform(String),
  tenant_id: tenantId,
  ...callerEcho,
});
export const UserDetails = z.object({
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  mobilePhone: z.string(),
  homePhone: z.string(),
  domain: z.string(),
  /** A linked user's email is locked until un-linked. */
  linked: z.boolean(),
});
export type UserDetails = z.infer<typeof UserDetails>;

const required = (max: number) =>
  z.string({ error: 'starFieldsRequired' }).trim().min(1, { error: 'starFieldsRequired' }).max(max);
/** editUserDetails: names and email required; delink removes the app account and unlinks. original_email is accepted and ignored. */
export const EditUserDetailsBody = z.strictObject({
  extension: z.union([z.string(), z.number()]).transform(String),
  tenant_id: tenantId,
  // Unknown fields inside are refused by name, like those at the top level.
  user_details: z.strictObject({
    firstName: required(LIMITS.nameMax),
    lastName: required(LIMITS.nameMax),
    emailAddress: required(LIMITS.emailMax).pipe(z.email({ error: 'emailInvalid' })),
    mobilePhone: z.string().trim().max(LIMITS.phoneMax).optional(),
    homePhone: z.string().trim().max(LIMITS.phoneMax).optional(),
    domain: z.string().trim().max(LIMITS.shortTextMax).optional(),
  }),
  delink: z.boolean().optional(),
  original_email: z.string().max(LIMITS.emailMax).optional(),
  ...callerEcho,
});
export type EditUserDetailsBody = z.infer<typeof EditUserDetailsBody>;

/** checkDuplicateEmails {email, tenant_id?}: extensions with this email (any case) in the visible tenants. */
export const CheckDuplicateEmailsBody = z.strictObject({
  email: z.string({ error: 'starFieldsRequired' }).trim().min(1, { error: 'starFieldsRequired' }).max(LIMITS.emailMax),
  tenant_id: z.string().trim().max(LIMITS.shortTextMax).optional(),
  ...callerEcho,
});
export const DuplicateEmailRow = z.object({
  id: z.number(),
  extension: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  admin: z.boolean(),
  email: z.string(),
  linked: z.boolean(),
  tenant_id: z.string(),
  tname: z.string(),
});
export const DuplicateEmailList = z.array(DuplicateEmailRow);

/** createExtension (admin; needs a platform that can write extensions). A SIP password is generated and kept on the platform only. */
export const CreateExtensionBody = z.strictObject({
  tenant_id: tenantId,
  extension: extensionNumber,
  domain: z.string().trim().min(1).max(LIMITS.shortTextMax),
  site_name: z.string().trim().max(LIMITS.shortTextMax).default(''),
  firstname: required(LIMITS.nameMax),
  lastname: required(LIMITS.nameMax),
  email: z.union([z.literal(''), z.email({ error: 'emailInvalid' }).max(LIMITS.emailMax)]).default(''),
  admin: z.boolean().default(false),
  ...callerEcho,
});
export type CreateExtensionBody = z.infer<typeof CreateExtensionBody>;
export const DeleteExtensionBody = z.strictObject({ tenant_id: tenantId, extension: extensionNumber, ...callerEcho });
/**
 * setSipPassword (admin): a new SIP password on the platform; generated when none is given. Never returned: the
 * apps fetch it through provisioning.
 */
export const SIP_PASSWORD_MIN = 8;
export const SIP_PASSWORD_MAX = 64;
export const SetSipPasswordBody = z.strictObject({
  tenant_id: tenantId,
  extension: extensionNumber,
  password: z
    .string()
    .min(SIP_PASSWORD_MIN)
    .max(SIP_PASSWORD_MAX)
    .regex(/^[\x21-\x7e]+$/, { error: 'fieldInvalid' })
    .optional(),
  ...callerEcho,
});
export type SetSipPasswordBody = z.infer<typeof SetSipPasswordBody>;
export const ExtensionCreatedReply = z.object({ ok: z.literal(true), message: z.string(), id: z.number() });

/** CSV import/export: exactly these ten headers, in this order (spec §5); booleans are written 'true'/'false'. */
export const CSV_HEADERS = [
  'Extension',
  'Domain',
  'Site Name',
  'First Name',
  'Last Name',
  'Admin',
  'Email',
  'Linked',
  'Mobile App Allowed',
  'Desktop App Allowed',
] as const;
export const IMPORT_MAX_ROWS = 20_000;
/** An import of IMPORT_MAX_ROWS rows as JSON fits in this (the other calls keep LIMITS.jsonBodyMaxBytes). */
export const IMPORT_MAX_BYTES = 10 * 1_048_576;
export const exportFileName = (tname: string) => `Extensions_${tname.replace(/ /g, '_')}.csv`;

/** One imported row: the ten headers plus tenantid, values as text (the server validates each). */
export const ImportRow = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
/**
 * extensionsImport: the spec's plain array of rows, or {rows, dry_run}. A dry run answers the preview only;
 * otherwise the valid rows are applied by a job (job_id) and the preview tells what it will do.
 */
export const ExtensionsImportBody = z.union([
  z.array(ImportRow).max(IMPORT_MAX_ROWS),
  z.strictObject({ rows: z.array(ImportRow).max(IMPORT_MAX_ROWS), dry_run: z.boolean().optional(), ...callerEcho }),
]);
export type ExtensionsImportBody = z.infer<typeof ExtensionsImportBody>;
export const ImportPreview = z.object({
  to_create: z.number(),
  to_update: z.number(),
  unchanged: z.number(),
  /** row = the CSV line number (the header is line 1). */
  errors: z.array(z.object({ row: z.number(), extension: z.string(), reason: z.string() })),
  job_id: z.number().optional(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

/** extensionsExport {tenant_id} -> the file name and rows keyed by the ten headers, ready to write as CSV. */
export const ExtensionsExportBody = z.strictObject({ tenant_id: tenantId, ...callerEcho });
export const ExtensionsExportReply = z.object({
  filename: z.string(),
  headers: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.string())),
});

const templateId = z.number({ error: 'inviteTemplateRequired' }).int().positive({ error: 'inviteTemplateRequired' });
/** resendInvite {tenant_id, extension, template_id}: the invitation email again, with this template; a job. */
export const ResendInviteBody = z.strictObject({
  tenant_id: tenantId,
  extension: extensionNumber,
  template_id: templateId,
  ...callerEcho,
});
export type ResendInviteBody = z.infer<typeof ResendInviteBody>;
/**
 * inviteNotProvisioned {tenant_id, template_id}: a job inviting every linked extension of the tenant whose app has
 * not provisioned yet, within the tenant's app licences; unlinked and over-licence extensions are skipped.
 */
export const InviteNotProvisionedBody = z.strictObject({ tenant_id: tenantId, template_id: templateId, ...callerEcho });
export type InviteNotProvisionedBody = z.infer<typeof InviteNotProvisionedBody>;
