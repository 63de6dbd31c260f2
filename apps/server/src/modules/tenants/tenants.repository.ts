import type { Kysely, Selectable } from 'kysely';
import type { Database, TenantsTable } from '../../db/schema';
import { flagReader, toFlag } from '../../lib/flags';

type Q = Kysely<Database>;

/** A tenant as stored (flags 0/1): what lookups return and the audit records. */
export type StoredTenant = Selectable<TenantsTable>;

/** The tenant-level app switches, stored 0/1. */
export const TENANT_FLAGS = ['mobile_app_allowed', 'desktop_app_allowed'] as const;
export type TenantFlag = (typeof TENANT_FLAGS)[number];

/** Any tenant row, whole or partial, with its flags as booleans. */
export const readTenant = flagReader(TENANT_FLAGS);

/** One tenant by its id (the primary key). */
export function findTenant(db: Q, tenantId: string): Promise<StoredTenant | undefined> {
  return db.selectFrom('tenants').selectAll().where('tid', '=', tenantId).executeTakeFirst();
}

/** Turns a tenant-level app switch on or off; the row after, for the audit. */
export function setTenantFlag(db: Q, tenantId: string, column: TenantFlag, on: boolean): Promise<StoredTenant> {
  return db
    .updateTable('tenants')
    .set({ [column]: toFlag(on), updated_at: Date.now() })
    .where('tid', '=', tenantId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new tenant's row: both app switches off. */
export const newTenantRow = (tid: string, tname: string, now: number) => ({
  tid,
  tname,
  mobile_app_allowed: toFlag(false),
  desktop_app_allowed: toFlag(false),
  created_at: now,
  updated_at: now,
});
