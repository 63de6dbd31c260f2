import { z } from 'zod';
import { callerEcho } from './common';
import { ListQuery } from './lists';

export const DomainSummaryBody = z.strictObject({ ...callerEcho, ...ListQuery });
export const DomainRow = z.object({ id: z.number(), ext: z.string(), domain: z.string(), tenant_id: z.string() });
export type DomainRow = z.infer<typeof DomainRow>;
export const DomainList = z.array(DomainRow);

export const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** On edit, ext and tenant_id are locked: they must equal the stored values. */
export const CreateUpdateDomainBody = z.strictObject({
  id: z.number().int().positive().optional(),
  // Empty values fail only the "required" rule, so the caller sees the one message that matters.
  ext: z
    .string({ error: 'starFieldsRequired' })
    .trim()
    .min(1, { error: 'starFieldsRequired' })
    .max(64)
    .regex(/^[0-9A-Za-z*#+_.-]*$/, { error: 'extensionInvalid' }),
  domain: z
    .string({ error: 'starFieldsRequired' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'starFieldsRequired' })
    .max(253)
    .refine((v) => v === '' || HOSTNAME.test(v), { error: 'domainInvalid' }),
  tenant_id: z.string({ error: 'starFieldsRequired' }).trim().min(1, { error: 'starFieldsRequired' }).max(255),
  ...callerEcho,
});
export type CreateUpdateDomainBody = z.infer<typeof CreateUpdateDomainBody>;
