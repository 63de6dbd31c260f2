import { z } from 'zod';
import { call } from './call';
import { LIMITS, OkReply, callerEcho } from './common';
import { IdBody, ListQuery } from './lists';
import { CreatedReply } from './resellers';
import {
  DEFAULTS_KEYS,
  PROFILE_FIELDS,
  PROFILE_OPTIONS,
  type ProfileFieldSpec,
  type ProfileSettingName,
  splitList,
} from './client-profile-fields';

export * from './client-profile-fields';

const required = (max: number) =>
  z
    .string({ error: 'starFieldsRequired' })
    .trim()
    .min(1, { error: 'starFieldsRequired', abort: true })
    .max(max, { abort: true });
const toText = (v: unknown) => (typeof v === 'number' ? String(v) : v);
const toFlag = (v: unknown) => (v === true || v === 1 ? '1' : v === false || v === 0 ? '0' : v);
const allowedValues = (spec: { options: keyof typeof PROFILE_OPTIONS }) =>
  PROFILE_OPTIONS[spec.options].map((o) => String(o.value));

/** The schema of one setting, from its row in PROFILE_FIELDS; every value ends up a string, '' meaning unset. */
export function settingSchema(spec: ProfileFieldSpec): z.ZodType<string, unknown> {
  switch (spec.kind) {
    case 'text': {
      const base = z.string().trim().max(spec.max);
      if (spec.email) return base.refine((v) => v === '' || z.email().safeParse(v).success, { error: 'emailInvalid' });
      if (spec.ip)
        return z
          .string()
          .trim()
          .max(spec.max, { abort: true })
          .refine((v) => v === '' || z.ipv4().safeParse(v).success || z.ipv6().safeParse(v).success, {
            error: 'ipInvalid',
          });
      return base;
    }
    case 'flag':
      return z.preprocess(toFlag, z.enum(['', '1', '0'], { error: 'flagInvalid' }));
    case 'number':
      return z.preprocess(
        toText,
        z
          .string()
          .trim()
          .max(spec.chars, spec.tooLong ? { error: spec.tooLong, abort: true } : { abort: true })
          .regex(/^\d*$/, { error: 'fieldWholeNumber', abort: true })
          .refine((v) => v === '' || (Number(v) >= spec.min && Number(v) <= spec.max), {
            error: 'fieldRange',
            params: { min: spec.min, max: spec.max },
          }),
      );
    case 'choice':
      return z
        .string()
        .trim()
        .max(spec.chars ?? 40, { abort: true })
        .refine((v) => v === '' || allowedValues(spec).includes(v), { error: 'optionInvalid' });
    case 'list':
      return z
        .preprocess((v) => (Array.isArray(v) ? v.join(',') : toText(v)), z.string().max(200))
        .transform((v) => splitList(v).join(','))
        .refine(
          (v) => {
            const items = splitList(v);
            return new Set(items).size === items.length && items.every((i) => allowedValues(spec).includes(i));
          },
          { error: 'listInvalid' },
        );
  }
}

const settingsShape = Object.fromEntries(
  Object.entries(PROFILE_FIELDS).map(([name, spec]) => [name, settingSchema(spec).optional()]),
) as Record<ProfileSettingName, z.ZodOptional<z.ZodType<string, unknown>>>;

/**
 * profileCreateUpdate: every field of spec §3 with the limits of §5. Empty tenant_id and domain mean "not bound";
 * company, cloud_id and user_id are accepted and ignored (the session and the tenant decide them).
 */
export const ProfileCreateUpdateBody = z
  .strictObject({
    id: z.number().int().positive().optional(),
    profile_name: required(LIMITS.shortTextMax),
    proxy: required(LIMITS.shortTextMax),
    transport: required(20).refine((v) => allowedValues({ options: 'transport' }).includes(v), {
      error: 'optionInvalid',
    }),
    tenant_id: z.string().trim().max(LIMITS.shortTextMax).optional(),
    domain: z.string().trim().toLowerCase().max(253).optional(),
    company: z.string().max(LIMITS.shortTextMax).optional(),
    ...settingsShape,
    ...callerEcho,
  })
  .superRefine((b, ctx) => {
    if (b.domain && !b.tenant_id)
      ctx.addIssue({ code: 'custom', path: ['domain'], message: 'profileDomainNeedsTenant' });
    if (b.rtpportrangestart && b.rtpportrangeend && Number(b.rtpportrangestart) > Number(b.rtpportrangeend)) {
      ctx.addIssue({ code: 'custom', path: ['rtpportrangeend'], message: 'rtpRangeOrder' });
    }
    if (b.outboundproxyenabled === '1' && !b.outboundproxyhost)
      ctx.addIssue({ code: 'custom', path: ['outboundproxyhost'], message: 'outboundProxyHostRequired' });
    if (b.forwardingenabled === '1' && !b.forwardingnumber)
      ctx.addIssue({ code: 'custom', path: ['forwardingnumber'], message: 'forwardingNumberRequired' });
  });
export type ProfileCreateUpdateBody = z.infer<typeof ProfileCreateUpdateBody>;

export const ProfileSummaryBody = z.strictObject({ ...callerEcho, ...ListQuery });
export const ProfileRow = z.object({
  id: z.number(),
  profile_name: z.string(),
  company: z.string(),
  transport: z.string(),
  proxy: z.string(),
  outboundproxyhost: z.string(),
  expires: z.string(),
  tenant_id: z.string(),
  domain: z.string(),
});
export type ProfileRow = z.infer<typeof ProfileRow>;
export const ProfileList = z.array(ProfileRow);

const settingsReply = Object.fromEntries(Object.keys(PROFILE_FIELDS).map((name) => [name, z.string()])) as Record<
  ProfileSettingName,
  z.ZodString
>;
/** profileDetail {id}: every field, unset ones as ''. */
export const ProfileDetail = z.object({
  id: z.number(),
  profile_name: z.string(),
  proxy: z.string(),
  transport: z.string(),
  tenant_id: z.string(),
  domain: z.string(),
  company: z.string(),
  cloud_id: z.string(),
  ...settingsReply,
});
export type ProfileDetail = z.infer<typeof ProfileDetail>;

export const ProfileOptionSchema = z.object({
  value: z.union([z.string(), z.number()]),
  label: z.string(),
  unverified: z.boolean().optional(),
});
/** GET getDefaults: the allowed values of each select and ordered list. */
export const ProfileDefaultsReply = z.object(
  Object.fromEntries(Object.keys(DEFAULTS_KEYS).map((k) => [k, z.array(ProfileOptionSchema)])) as Record<
    keyof typeof DEFAULTS_KEYS,
    z.ZodArray<typeof ProfileOptionSchema>
  >,
);
export type ProfileDefaultsReply = z.infer<typeof ProfileDefaultsReply>;

const tenantId = z.string({ error: 'fieldRequired' }).trim().min(1).max(LIMITS.shortTextMax);
const extension = z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(64));

/** getEffectiveProfile {tenant_id, extension}: the profile the extension's app gets, and why. */
export const EffectiveProfileBody = z.strictObject({ tenant_id: tenantId, extension, ...callerEcho });
export const PROFILE_MATCHES = ['domain', 'tenant', 'default'] as const;
export const EffectiveProfileReply = z.object({
  id: z.number().nullable(),
  profile_name: z.string(),
  matched_by: z.enum([...PROFILE_MATCHES, 'none']),
});
export type EffectiveProfileReply = z.infer<typeof EffectiveProfileReply>;

export const BLF_MAX_KEYS = 100;
/** getBlfKeys {profile_id, tenant_id, extension}: one subscriber's busy-lamp keys in order. */
export const GetBlfKeysBody = z.strictObject({
  profile_id: z.number().int().positive(),
  tenant_id: tenantId,
  extension,
  ...callerEcho,
});
export const BlfKey = z.object({ target: z.string(), label: z.string(), firstname: z.string(), lastname: z.string() });
export type BlfKey = z.infer<typeof BlfKey>;
export const BlfKeyList = z.array(BlfKey);
/** saveBlfKeys: replaces the subscriber's keys; targets are extensions of the same tenant, each once. */
export const SaveBlfKeysBody = z.strictObject({
  profile_id: z.number().int().positive(),
  tenant_id: tenantId,
  extension,
  keys: z
    .array(z.strictObject({ target: extension, label: z.string().trim().max(LIMITS.nameMax).optional() }))
    .max(BLF_MAX_KEYS),
  ...callerEcho,
});
export type SaveBlfKeysBody = z.infer<typeof SaveBlfKeysBody>;

/** getLastProvisioned {tenant_id}: when each extension's app last fetched its settings. */
export const LastProvisionedBody = z.strictObject({ tenant_id: tenantId, ...callerEcho });
export const LastProvisionedList = z.array(z.object({ extension: z.string(), at: z.number() }));
export type LastProvisionedList = z.infer<typeof LastProvisionedList>;

/**
 * Client profiles (spec §7). Reads are open to signed-in callers and scoped by tenant; writes are admin-only
 * (the spec's menu shows the area to admins only; docs/spec-deviations.md).
 */
const tags = ['client-profiles'];
export const clientProfilesCalls = {
  profileSummary: call({
    method: 'POST',
    path: '/profileSummary',
    access: 'signed-in',
    tags,
    summary: 'Client profiles the caller may see; optional search, sort and paging (total in X-Total-Count)',
    body: ProfileSummaryBody.optional(),
    reply: ProfileList,
  }),
  profileDetail: call({
    method: 'POST',
    path: '/profileDetail',
    access: 'signed-in',
    tags,
    summary: 'Every field of one client profile',
    body: IdBody,
    reply: ProfileDetail,
  }),
  profileCreateUpdate: call({
    method: 'POST',
    path: '/profileCreateUpdate',
    access: 'admin',
    tags,
    summary: 'Create a client profile, or replace one when id is given',
    body: ProfileCreateUpdateBody,
    reply: CreatedReply,
  }),
  deleteProfile: call({
    method: 'POST',
    path: '/deleteProfile',
    access: 'admin',
    tags,
    summary: 'Delete a client profile with its BLF keys',
    body: IdBody,
    reply: OkReply,
  }),
  getDefaults: call({
    method: 'GET',
    path: '/getDefaults',
    access: 'signed-in',
    tags,
    summary: 'Allowed values of the transports, codec orders (RTP payload numbers), DTMF order and video codec orders',
    reply: ProfileDefaultsReply,
  }),
  getEffectiveProfile: call({
    method: 'POST',
    path: '/getEffectiveProfile',
    access: 'signed-in',
    tags,
    summary: "The profile an extension's app gets: its domain's, else its tenant's, else the cloud default",
    body: EffectiveProfileBody,
    reply: EffectiveProfileReply,
  }),
  getBlfKeys: call({
    method: 'POST',
    path: '/getBlfKeys',
    access: 'signed-in',
    tags,
    summary: "A subscriber's busy-lamp keys under a profile, in order",
    body: GetBlfKeysBody,
    reply: BlfKeyList,
  }),
  saveBlfKeys: call({
    method: 'POST',
    path: '/saveBlfKeys',
    access: 'admin',
    tags,
    summary: "Replace a subscriber's busy-lamp keys (extensions of the same tenant, in order)",
    body: SaveBlfKeysBody,
    reply: BlfKeyList,
  }),
};
