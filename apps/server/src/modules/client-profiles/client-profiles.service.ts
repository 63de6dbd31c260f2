import {
  type EffectiveProfileReply,
  PROFILE_SETTING_NAMES,
  type ProfileCreateUpdateBody,
  type ProfileDetail,
  type ProfileRow,
  type ProfileSettingName,
  type ProfileSettings,
} from '@provisio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { ListParams } from '../../lib/list-query';
import type { Caller } from '../../lib/caller';
import { findExtension } from '../extensions/extensions.repository';
import { assertTenantVisible, isTenantVisible } from '../tenants/tenant-scope';
import { findTenant } from '../tenants/tenants.repository';
import * as repo from './client-profiles.repository';
import { effectiveProfile } from './effective-profile';
import { markReprovisionPending, profileScope } from '../extensions/lifecycle';

const profileNotFound = () => new AppError('not_found', 'profileNotFound');
/** Settings kept in columns of their own (the list shows and sorts them). */
const COLUMN_SETTINGS = new Set<ProfileSettingName>(['outboundproxyhost', 'expires']);

/** The stored settings JSON, read leniently: only known names, only strings. */
export function readSettings(
  row: Pick<repo.ProfileRecord, 'settings' | 'outboundproxyhost' | 'expires'>,
): ProfileSettings {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.settings);
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // An unreadable settings text counts as no settings.
  }
  const out: ProfileSettings = {};
  for (const name of PROFILE_SETTING_NAMES) {
    const v = raw[name];
    if (typeof v === 'string' || typeof v === 'number') out[name] = String(v);
  }
  out.outboundproxyhost = row.outboundproxyhost;
  out.expires = row.expires;
  return out;
}

function toDetail(row: repo.ProfileRecord): ProfileDetail {
  const settings = readSettings(row);
  const all = Object.fromEntries(PROFILE_SETTING_NAMES.map((n) => [n, settings[n] ?? ''])) as Record<
    ProfileSettingName,
    string
  >;
  return {
    ...all,
    id: row.id,
    profile_name: row.profile_name,
    proxy: row.proxy,
    transport: row.transport,
    tenant_id: row.tenant_id ?? '',
    domain: row.domain ?? '',
    company: row.company,
    cloud_id: row.cloud_id,
  };
}

/** A bound profile is visible to callers who see its tenant; the cloud default to every signed-in caller. */
async function visibleProfile(deps: Deps, caller: Caller, id: number): Promise<repo.ProfileRecord> {
  const row = await repo.findProfile(deps.db.kysely, id);
  if (!row) throw profileNotFound();
  if (row.tenant_id === null) return row;
  if (!(await isTenantVisible(deps.db, caller, row.tenant_id))) throw profileNotFound();
  return row;
}

export async function listProfiles(
  deps: Deps,
  caller: Caller,
  params: ListParams,
): Promise<{ rows: ProfileRow[]; total: number }> {
  const { rows, total } = await repo.listProfiles(deps.db.kysely, caller, params);
  return { rows: rows.map((r) => ({ ...r, tenant_id: r.tenant_id ?? '', domain: r.domain ?? '' })), total };
}

export async function getProfile(deps: Deps, caller: Caller, id: number): Promise<ProfileDetail> {
  return toDetail(await visibleProfile(deps, caller, id));
}

/** Refuses a tenant or domain that does not exist, and a second profile for the same scope. */
async function checkScope(
  db: Kysely<Database>,
  tenantId: string | null,
  domain: string | null,
  id?: number,
): Promise<string> {
  let company = '';
  if (tenantId !== null) {
    const tenant = await findTenant(db, tenantId);
    if (!tenant) throw new AppError('validation_failed', 'tenantNotFound');
    company = tenant.tname;
    if (domain !== null && !(await repo.tenantHasDomain(db, tenantId, domain)))
      throw new AppError('validation_failed', 'domainNotInTenant');
  }
  const holder = await repo.findScopeHolder(db, tenantId, domain, id);
  if (holder) {
    const name = holder.profile_name;
    if (domain !== null) throw new AppError('conflict', 'profileDomainTaken', { name, domain });
    if (tenantId !== null) throw new AppError('conflict', 'profileTenantTaken', { name, tenant: tenantId });
    throw new AppError('conflict', 'profileDefaultTaken', { name });
  }
  return company;
}

/** Creates a profile, or replaces every field of one when id is given. */
export async function saveProfile(deps: Deps, actor: Actor, body: ProfileCreateUpdateBody): Promise<number> {
  const tenantId = body.tenant_id || null;
  const domain = tenantId ? body.domain || null : null;
  const settings: Record<string, string> = {};
  for (const name of PROFILE_SETTING_NAMES) {
    const v = body[name];
    if (v && !COLUMN_SETTINGS.has(name)) settings[name] = v;
  }
  const now = Date.now();
  const values = {
    profile_name: body.profile_name,
    proxy: body.proxy,
    transport: body.transport,
    tenant_id: tenantId,
    domain,
    outboundproxyhost: body.outboundproxyhost ?? '',
    expires: body.expires ?? '',
    settings: JSON.stringify(settings),
    cloud_id: deps.config.CLOUD_ID,
    updated_at: now,
  };
  return deps.db.kysely.transaction().execute(async (trx) => {
    const before = body.id === undefined ? undefined : await repo.findProfile(trx, body.id);
    if (body.id !== undefined && !before) throw profileNotFound();
    const company = await checkScope(trx, tenantId, domain, body.id);
    if (!before) {
      const row = await repo.insertProfile(trx, {
        ...values,
        company,
        created_by: actor.caller.kind === 'user' ? actor.caller.id : null,
        created_at: now,
      });
      await recordAudit(trx, actor, { entity: 'client_profile', entity_id: row.id, action: 'create', after: row });
      await markReprovisionPending(trx, profileScope(row));
      return row.id;
    }
    const after = await repo.updateProfile(trx, before.id, { ...values, company });
    await recordAudit(trx, actor, { entity: 'client_profile', entity_id: before.id, action: 'update', before, after });
    // The apps under the profile's scope (before and after, should it move) fetch their account again.
    const moved = before.tenant_id !== after.tenant_id || before.domain !== after.domain;
    for (const p of moved ? [before, after] : [after]) await markReprovisionPending(trx, profileScope(p));
    return before.id;
  });
}

/** Removes a profile and the BLF keys kept under it. */
export async function deleteProfile(deps: Deps, actor: Actor, id: number): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const before = await repo.findProfile(trx, id);
    if (!before) throw profileNotFound();
    await repo.deleteProfileRow(trx, id);
    await recordAudit(trx, actor, { entity: 'client_profile', entity_id: id, action: 'delete', before });
    await markReprovisionPending(trx, profileScope(before));
  });
}

/** Which profile an extension's app gets, for the extension screen. */
export async function getEffectiveProfile(
  deps: Deps,
  caller: Caller,
  tenantId: string,
  extension: string,
): Promise<EffectiveProfileReply> {
  await assertTenantVisible(deps.db, caller, tenantId);
  const ext = await findExtension(deps.db.kysely, tenantId, extension);
  if (!ext) throw new AppError('not_found', 'extensionNotFound');
  const found = await effectiveProfile(deps.db.kysely, tenantId, ext.domain);
  if (!found) return { id: null, profile_name: '', matched_by: 'none' };
  return { id: found.profile.id, profile_name: found.profile.profile_name, matched_by: found.matchedBy };
}

export { visibleProfile };
