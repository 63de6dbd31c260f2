import { z } from 'zod';
import { call } from './call';
import { OkReply, callerEcho } from './common';

export const LICENCE_FIELDS = ['vcx_desktop', 'vcx_mobile', 'call_monitor', 'call_recording', 'analytics'] as const;
const limit = z
  .number({ error: 'allFieldsRequired' })
  .int({ error: 'limitWholeNumber' })
  .min(0, { error: 'limitWholeNumber' })
  .max(1_000_000);

export const GetLicensesBody = z.strictObject({ tenant_id: z.string().trim().min(1).max(255), ...callerEcho });
export const LicencesReply = z.object({
  tenant_id: z.string(),
  vcx_desktop: z.number(),
  vcx_mobile: z.number(),
  call_monitor: z.number(),
  call_recording: z.number(),
  analytics: z.number(),
  last_updated_by: z.string(),
  updated_at: z.number().nullable(),
});
export type LicencesReply = z.infer<typeof LicencesReply>;

/** last_updated_by is accepted for the spec's payload but the server records the signed-in user. */
export const CreateUpdateLicensesBody = z.strictObject({
  tenant_id: z.string().trim().min(1).max(255),
  vcx_desktop: limit,
  vcx_mobile: limit,
  call_monitor: limit,
  call_recording: limit,
  analytics: limit,
  last_updated_by: z.union([z.string().max(254), z.number()]).optional(),
  /**
   * A mobile or desktop limit below the apps in use is refused (409 licence_below_use, saying what it means) unless
   * this is true: the user has seen that new enablements will be refused and the current ones kept (issue #20).
   */
  confirm_below_use: z.boolean().optional(),
  ...callerEcho,
});
export type CreateUpdateLicensesBody = z.infer<typeof CreateUpdateLicensesBody>;

export const licencesCalls = {
  getLicenses: call({
    method: 'POST',
    path: '/getLicenses',
    access: 'signed-in',
    tags: ['licences'],
    summary: "A visible tenant's licence limits",
    body: GetLicensesBody,
    reply: LicencesReply,
  }),
  createUpdateLicenses: call({
    method: 'POST',
    path: '/createUpdateLicenses',
    access: 'admin',
    tags: ['licences'],
    summary: "Set a tenant's five licence limits (recorded as changed by the caller)",
    body: CreateUpdateLicensesBody,
    reply: OkReply,
  }),
};
