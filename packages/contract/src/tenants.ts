import { z } from 'zod';
import { call } from './call';
import { LIMITS, OkReply, callerEcho } from './common';
import { ListQuery } from './lists';

/** tenantList {} or {sync: true}; search and limit serve the tenant typeahead. Sorted by tname. */
export const TenantListBody = z.strictObject({ sync: z.boolean().optional(), ...callerEcho, ...ListQuery });
export const TenantRow = z.object({
  tid: z.string(),
  tname: z.string(),
  desktop_app_allowed: z.boolean(),
  mobile_app_allowed: z.boolean(),
});
export type TenantRow = z.infer<typeof TenantRow>;
export const TenantList = z.array(TenantRow);

/** The two per-extension and tenant-level app switches (spec §4: values are the strings 'true' and 'false'). */
export const APP_COLUMNS = ['desktop_app_allowed', 'mobile_app_allowed'] as const;
export const AppColumn = z.enum(APP_COLUMNS);
export const FlagString = z.enum(['true', 'false']);

/** updateAndGetTenants: tenant-level switch; the reply is the refreshed tenant list. */
export const UpdateAndGetTenantsBody = z.strictObject({
  tenant_id: z.string().trim().min(1).max(LIMITS.shortTextMax),
  column_name: AppColumn,
  value: FlagString,
  ...callerEcho,
});
export type UpdateAndGetTenantsBody = z.infer<typeof UpdateAndGetTenantsBody>;

/** Tenant ids are the platform's (a domain-like name); letters, digits and . _ - */
export const TENANT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

/** createTenant (admin; only when the platform can create tenants, e.g. the builtin connector). */
export const CreateTenantBody = z.strictObject({
  // Empty is "required" (issue #20: it said "letters, digits..."), then the pattern.
  tid: z
    .string({ error: 'starFieldsRequired' })
    .trim()
    .min(1, { error: 'starFieldsRequired', abort: true })
    .regex(TENANT_ID_PATTERN, { error: 'tenantIdInvalid' }),
  tname: z
    .string({ error: 'starFieldsRequired' })
    .trim()
    .min(1, { error: 'starFieldsRequired' })
    .max(LIMITS.shortTextMax),
  /** The tenant's first domain; defaults to tid. */
  domain: z.string().trim().max(LIMITS.shortTextMax).optional(),
  /** Its first site; defaults to 'Main'. */
  site_name: z.string().trim().max(LIMITS.shortTextMax).optional(),
  ...callerEcho,
});
export type CreateTenantBody = z.infer<typeof CreateTenantBody>;

/** The tenants calls (packages/contract/src/call.ts). */
export const tenantsCalls = {
  tenantList: call({
    method: 'POST',
    path: '/tenantList',
    access: 'signed-in',
    tags: ['tenants'],
    summary: 'Tenants the caller may see, sorted by name; sync:true starts or joins a sync job (id in X-Job-Id)',
    body: TenantListBody.optional(),
    reply: TenantList,
  }),
  updateAndGetTenants: call({
    method: 'POST',
    path: '/updateAndGetTenants',
    access: 'signed-in',
    tags: ['tenants'],
    summary: "Tenant-level mobile/desktop app switch ('true'/'false'); replies with the refreshed tenants",
    body: UpdateAndGetTenantsBody,
    reply: TenantList,
  }),
  createTenant: call({
    method: 'POST',
    path: '/createTenant',
    access: 'admin',
    tags: ['tenants'],
    summary: 'Add a tenant on the platform and in the portal (builtin platform)',
    body: CreateTenantBody,
    reply: OkReply,
  }),
};
