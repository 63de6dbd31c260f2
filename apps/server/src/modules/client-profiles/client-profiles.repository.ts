import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { ClientProfilesTable, Database } from '../../db/schema';
import { type ListParams, byColumn, byText, runList } from '../../lib/list-query';
import { type TenantScope, inCallerScope, seesAllTenants } from '../tenants/tenant-scope';

type Q = Kysely<Database>;
export type ProfileRecord = Selectable<ClientProfilesTable>;

const ROW_COLUMNS = [
  'id',
  'profile_name',
  'company',
  'transport',
  'proxy',
  'outboundproxyhost',
  'expires',
  'tenant_id',
  'domain',
] as const;

/** The list: unbound profiles (the cloud default) and those of the scope's tenants (admins: all). */
export function listProfiles(db: Q, scope: TenantScope, params: ListParams) {
  let base = db.selectFrom('client_profiles').select(ROW_COLUMNS);
  if (!seesAllTenants(scope))
    base = base.where((eb) => eb.or([eb('tenant_id', 'is', null), inCallerScope(db, eb, scope, 'tenant_id')]));
  return runList(base, params, {
    search: ['profile_name', 'company', 'proxy', 'outboundproxyhost', 'transport'],
    sorts: {
      id: byColumn('id'),
      profile_name: byText('profile_name'),
      company: byText('company'),
      transport: byText('transport'),
      proxy: byText('proxy'),
      outboundproxyhost: byText('outboundproxyhost'),
      expires: byColumn('expires'),
    },
    defaultSort: 'id',
    tieBreak: 'id',
  });
}

export function findProfile(db: Q, id: number) {
  return db.selectFrom('client_profiles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The profile already bound to exactly this scope (cloud default, a tenant, or a tenant's domain), if any. */
export function findScopeHolder(db: Q, tenantId: string | null, domain: string | null, exceptId?: number) {
  return db
    .selectFrom('client_profiles')
    .select(['id', 'profile_name'])
    .where((eb) => (tenantId === null ? eb('tenant_id', 'is', null) : eb('tenant_id', '=', tenantId)))
    .where((eb) => (domain === null ? eb('domain', 'is', null) : eb('domain', '=', domain)))
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .orderBy('id')
    .executeTakeFirst();
}

/** Every profile that could apply to an extension of this tenant on this domain. */
export function candidateProfiles(db: Q, tenantId: string, domain: string) {
  return db
    .selectFrom('client_profiles')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('tenant_id', 'is', null), eb('domain', 'is', null)]),
        eb.and([eb('tenant_id', '=', tenantId), eb('domain', 'is', null)]),
        eb.and([eb('tenant_id', '=', tenantId), eb('domain', '=', domain)]),
      ]),
    )
    .execute();
}

export const insertProfile = (db: Q, values: Insertable<ClientProfilesTable>) =>
  db.insertInto('client_profiles').values(values).returningAll().executeTakeFirstOrThrow();

export const updateProfile = (db: Q, id: number, values: Updateable<ClientProfilesTable>) =>
  db.updateTable('client_profiles').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export async function deleteProfileRow(db: Q, id: number): Promise<void> {
  await db.deleteFrom('blf_keys').where('profile_id', '=', id).execute();
  await db.deleteFrom('client_profiles').where('id', '=', id).execute();
}

export const tenantHasDomain = async (db: Q, tenantId: string, domain: string) =>
  !!(await db
    .selectFrom('tenant_domains')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('domain', '=', domain)
    .executeTakeFirst());
