import { z } from 'zod';
import { call } from './call';
import { OkReply, callerEcho } from './common';
import { IdBody, ListQuery } from './lists';
import { CreatedReply } from './resellers';

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

/** Any signed-in caller, limited to the tenants they may see. */
const tags = ['domains'];
export const domainsCalls = {
  domainSummary: call({
    method: 'POST',
    path: '/domainSummary',
    access: 'signed-in',
    tags,
    summary: 'Domains of the visible tenants; optional search, sort and paging',
    body: DomainSummaryBody.optional(),
    reply: DomainList,
  }),
  domainDetail: call({
    method: 'POST',
    path: '/domainDetail',
    access: 'signed-in',
    tags,
    summary: 'One domain',
    body: IdBody,
    reply: DomainRow,
  }),
  createUpdateDomain: call({
    method: 'POST',
    path: '/createUpdateDomain',
    access: 'signed-in',
    tags,
    summary: 'Add a domain, or change its name (extension and tenant are locked)',
    body: CreateUpdateDomainBody,
    reply: CreatedReply,
  }),
  deleteDomainDetail: call({
    method: 'POST',
    path: '/deleteDomainDetail',
    access: 'signed-in',
    tags,
    summary: 'Delete a domain',
    body: IdBody,
    reply: OkReply,
  }),
};
