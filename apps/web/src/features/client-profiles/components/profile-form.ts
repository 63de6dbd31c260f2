import { PROFILE_DEFAULTS, PROFILE_SETTING_NAMES, type ProfileDetail, isMessageKey } from '@provisio/contract';
import type { TFunction } from 'i18next';
import { contractSchema } from '../../../lib/contract';

/** The form's values: every field as text, unset ones ''. */
export type ProfileValues = Record<string, string>;
export type ProfileErrors = Record<string, string>;

export const COLUMN_FIELDS = ['profile_name', 'tenant_id', 'domain', 'proxy', 'transport'] as const;

/** A new profile: transport udp and the default ringing tone prefilled (spec §3); the rest unset. */
export function emptyProfile(): ProfileValues {
  const values: ProfileValues = Object.fromEntries([...COLUMN_FIELDS, ...PROFILE_SETTING_NAMES].map((n) => [n, '']));
  return { ...values, ...PROFILE_DEFAULTS };
}

export function fromDetail(d: ProfileDetail): ProfileValues {
  const values = emptyProfile();
  for (const name of Object.keys(values)) values[name] = String((d as Record<string, unknown>)[name] ?? '');
  return values;
}

/** The body sent on save: unset fields (empty tenant and domain too) left out, identity fields added. */
export function toBody(
  values: ProfileValues,
  extra: { id?: number; company: string; cloud_id?: string; user_id?: number },
): Record<string, unknown> {
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
  if (extra.id !== undefined) body.id = extra.id;
  body.company = extra.company;
  if (extra.cloud_id) body.cloud_id = extra.cloud_id;
  if (extra.user_id !== undefined) body.user_id = extra.user_id;
  return body;
}

/** The contract's schema of a profile, fetched on first use (the screen waits for it before validating). */
export const profileSchema = contractSchema('ProfileCreateUpdateBody');

/** Checks the values with the contract's schema (the server runs the same) and words each field's first problem. */
export function validateProfile(values: ProfileValues, t: TFunction, label: (field: string) => string): ProfileErrors {
  const body = toBody(values, { company: '' });
  if (!profileSchema.value) throw new Error('validateProfile before profileSchema.load()');
  const parsed = profileSchema.value.safeParse(body);
  if (parsed.success) return {};
  const errors: ProfileErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!field || errors[field]) continue;
    const raw = issue as unknown as { maximum?: number; minimum?: number; params?: Record<string, unknown> };
    const params = { field: label(field), max: raw.maximum, min: raw.minimum, ...(raw.params ?? {}) };
    if (isMessageKey(issue.message)) errors[field] = t(`msg:${issue.message}`, params);
    else if (issue.code === 'too_big') errors[field] = t('msg:fieldTooLong', params);
    else if (issue.code === 'too_small' || issue.code === 'invalid_type')
      errors[field] = t('msg:fieldRequired', params);
    else errors[field] = t('msg:fieldInvalid', params);
  }
  return errors;
}
