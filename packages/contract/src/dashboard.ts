import { z } from 'zod';
import { call } from './call';
import { callerEcho } from './common';

const AppLicenceUse = z.object({ used: z.number(), limit: z.number() });

/** One tenant's app licences: in use (every extension when the tenant-level switch is on) against the limit. */
export const TenantLicenceUse = z.object({
  tenant_id: z.string(),
  tenant_name: z.string(),
  mobile: AppLicenceUse,
  desktop: AppLicenceUse,
});
export type TenantLicenceUse = z.infer<typeof TenantLicenceUse>;

/** What failed in the last 24 hours; null where the caller may not see it (or, for logs, there is no log store). */
export const RecentFailures = z.object({
  since: z.number(),
  jobs: z.number(),
  mail: z.number().nullable(),
  log_errors: z.number().nullable(),
});
export type RecentFailures = z.infer<typeof RecentFailures>;

export const DashboardReply = z.object({
  resellers: z.number(),
  tenants: z.number(),
  extensions: z.number(),
  linked_extensions: z.number(),
  mobile_enabled: z.number(),
  desktop_enabled: z.number(),
  /** The tenants closest to (or past) an app licence limit, at most 5, fullest first. */
  licence_use: z.array(TenantLicenceUse),
  recent_failures: RecentFailures,
  /** Extensions per invitation step (issue #14), in the caller's scope; registrations are not counted (platform data). */
  invitations: z
    .object({
      not_invited: z.number(),
      invited: z.number(),
      invite_failed: z.number(),
      qr_opened: z.number(),
      provisioned: z.number(),
      reprovision_pending: z.number(),
      revoked: z.number(),
    })
    .optional(),
  /** Webhook endpoints in the caller's scope that the portal turned off after repeated failed deliveries (issue #18). */
  webhooks_disabled: z.number().optional(),
});
export type DashboardReply = z.infer<typeof DashboardReply>;

/** dashboardSummary takes no fields of its own (the caller echo at most). */
export const DashboardSummaryBody = z.strictObject({ ...callerEcho });

/** The dashboard calls (packages/contract/src/call.ts). */
export const dashboardCalls = {
  dashboardSummary: call({
    method: 'POST',
    path: '/dashboardSummary',
    access: 'signed-in',
    tags: ['dashboard'],
    summary: 'Counts of resellers, tenants and extensions the caller may see (beyond the spec)',
    body: DashboardSummaryBody.optional(),
    reply: DashboardReply,
  }),
};
