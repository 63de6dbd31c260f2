import { z } from 'zod';
import { LIMITS, callerEcho } from './common';
import { ListQuery } from './lists';

export const ResellerSummaryBody = z.strictObject({ ...callerEcho, ...ListQuery });
export const ResellerRow = z.object({ id: z.number(), name: z.string() });
export type ResellerRow = z.infer<typeof ResellerRow>;
export const ResellerList = z.array(ResellerRow);

export const CreateUpdateResellerBody = z.strictObject({
  id: z.number().int().positive().optional(),
  name: z.string({ error: 'resellerNameRequired' }).trim().min(1, { error: 'resellerNameRequired' }).max(LIMITS.nameMax),
  ...callerEcho,
});
export type CreateUpdateResellerBody = z.infer<typeof CreateUpdateResellerBody>;
export const CreateUpdateResellerReply = z.object({ id: z.number(), message: z.string() });

export const GetResellerTenantsBody = z.strictObject({ reseller_id: z.number().int().positive(), ...callerEcho, ...ListQuery });
export const ResellerTenantRow = z.object({ id: z.number(), tenant_id: z.string(), tname: z.string() });
export type ResellerTenantRow = z.infer<typeof ResellerTenantRow>;
export const ResellerTenantList = z.array(ResellerTenantRow);

/** The spec's spelling (createUpdateResllerTenants) is the call's name. */
export const CreateResellerTenantBody = z.strictObject({
  reseller_id: z.number({ error: 'selectResellerAndTenant' }).int().positive(),
  tenant_id: z.string({ error: 'selectResellerAndTenant' }).trim().min(1, { error: 'selectResellerAndTenant' }).max(255),
  ...callerEcho,
});
export const CreatedReply = z.object({ id: z.number(), message: z.string() });
