import { z } from 'zod';
import { call } from './call';
import { LIMITS, OkReply, callerEcho } from './common';
import { IdBody, ListQuery } from './lists';

export const ResellerSummaryBody = z.strictObject({ ...callerEcho, ...ListQuery });
export const ResellerRow = z.object({ id: z.number(), name: z.string() });
export type ResellerRow = z.infer<typeof ResellerRow>;
export const ResellerList = z.array(ResellerRow);

export const CreateUpdateResellerBody = z.strictObject({
  id: z.number().int().positive().optional(),
  name: z
    .string({ error: 'resellerNameRequired' })
    .trim()
    .min(1, { error: 'resellerNameRequired' })
    .max(LIMITS.nameMax),
  ...callerEcho,
});
export type CreateUpdateResellerBody = z.infer<typeof CreateUpdateResellerBody>;
export const CreateUpdateResellerReply = z.object({ id: z.number(), message: z.string() });

export const GetResellerTenantsBody = z.strictObject({
  reseller_id: z.number().int().positive(),
  ...callerEcho,
  ...ListQuery,
});
export const ResellerTenantRow = z.object({ id: z.number(), tenant_id: z.string(), tname: z.string() });
export type ResellerTenantRow = z.infer<typeof ResellerTenantRow>;
export const ResellerTenantList = z.array(ResellerTenantRow);

/** The spec's spelling (createUpdateResllerTenants) is the call's name. */
export const CreateResellerTenantBody = z.strictObject({
  reseller_id: z.number({ error: 'selectResellerAndTenant' }).int().positive(),
  tenant_id: z
    .string({ error: 'selectResellerAndTenant' })
    .trim()
    .min(1, { error: 'selectResellerAndTenant' })
    .max(255),
  ...callerEcho,
});
export const CreatedReply = z.object({ id: z.number(), message: z.string() });

/** The resellers calls (packages/contract/src/call.ts): admin only. */
export const resellersCalls = {
  resellerSummary: call({
    method: 'POST',
    path: '/resellerSummary',
    access: 'admin',
    tags: ['resellers'],
    summary: 'Resellers; optional search, sort and paging (total in X-Total-Count)',
    body: ResellerSummaryBody.optional(),
    reply: ResellerList,
  }),
  createUpdateReseller: call({
    method: 'POST',
    path: '/createUpdateReseller',
    access: 'admin',
    tags: ['resellers'],
    summary: 'Create a reseller, or rename it when id is given',
    body: CreateUpdateResellerBody,
    reply: CreateUpdateResellerReply,
  }),
  deleteReseller: call({
    method: 'POST',
    path: '/deleteReseller',
    access: 'admin',
    tags: ['resellers'],
    summary: 'Delete a reseller with its tenant and user links',
    body: IdBody,
    reply: OkReply,
  }),
  getResellerTenants: call({
    method: 'POST',
    path: '/getResellerTenants',
    access: 'admin',
    tags: ['resellers'],
    summary: 'Tenants a reseller supervises',
    body: GetResellerTenantsBody,
    reply: ResellerTenantList,
  }),
  createUpdateResllerTenants: call({
    method: 'POST',
    path: '/createUpdateResllerTenants',
    access: 'admin',
    tags: ['resellers'],
    summary: 'Let a reseller supervise a tenant (the spec spells the call this way)',
    body: CreateResellerTenantBody,
    reply: CreatedReply,
  }),
  deleteResellerTenant: call({
    method: 'POST',
    path: '/deleteResellerTenant',
    access: 'admin',
    tags: ['resellers'],
    summary: 'Stop a reseller supervising a tenant',
    body: IdBody,
    reply: OkReply,
  }),
};
