import { type Kysely, type Selectable } from 'kysely';
import type { ExtensionRow } from '@provisio/contract';
import type { Database, ExtensionsTable } from '../../db/schema';
import { flagReader, toFlag } from '../../lib/flags';
import { byColumn, byText, runList } from '../../lib/list-query';
import { type TenantScope, scopeToCaller } from '../tenants/tenant-scope';
import { byExtension, firstPage, isFirstPage, tenantExtensionCount } from './extensions.first-page';
import { LIFECYCLE_COLUMNS, type StoredLifecycle, whereLifecycle } from './lifecycle';
import { type ExtensionListParams, isFiltered, whereQuick } from './quick-filters';

export const EXTENSION_COLUMNS = [
  'id',
  'tenant_id',
  'extension',
  'domain',
  'site_name',
  'firstname',
  'lastname',
  'admin',
  'email',
  'linked',
  'mobile_app_allowed',
  'desktop_app_allowed',
] as const;

export { byExtension };

/** An extension as stored (flags 0/1): what lookups return and the audit records. */
export type StoredExtension = Selectable<ExtensionsTable>;

/** The extension's flag columns, stored 0/1. */
export const EXTENSION_FLAGS = ['admin', 'linked', 'mobile_app_allowed', 'desktop_app_allowed'] as const;
export type ExtensionFlag = (typeof EXTENSION_FLAGS)[number];

/** Any extension row, whole or partial, with its flags as booleans. */
export const readExtension = flagReader(EXTENSION_FLAGS);

/**
 * One tenant's extensions: searched over extension, names and email; narrowed to one lifecycle step and the quick
 * filters; sorted; paged
 * when a limit is given. The rows carry the stored lifecycle columns (lifecycle.ts turns them into the reply's).
 */
export async function listTenantExtensions(
  db: Kysely<Database>,
  tenantId: string,
  params: ExtensionListParams,
): Promise<{ rows: (ExtensionRow & StoredLifecycle)[]; total: number }> {
  // The screen's own pages (default sort, no search or filter): one compiled statement (extensions.first-page.ts).
  if (isFirstPage(params)) return firstPage(db, tenantId, params.order ?? 'asc', params.limit, params.offset ?? 0);
  const base = whereQuick(
    whereLifecycle(
      db
        .selectFrom('extensions')
        .select([...EXTENSION_COLUMNS, ...LIFECYCLE_COLUMNS])
        .where('tenant_id', '=', tenantId),
      db,
      tenantId,
      params.lifecycle,
    ),
    params,
  );
  const { rows, total } = await runList(base, params, {
    search: ['extension', 'firstname', 'lastname', 'email'],
    sorts: {
      extension: byExtension,
      domain: byText('domain'),
      site_name: byText('site_name'),
      firstname: byText('firstname'),
      lastname: byText('lastname'),
      email: byText('email'),
      admin: byColumn('admin'),
      linked: byColumn('linked'),
      mobile_app_allowed: byColumn('mobile_app_allowed'),
      desktop_app_allowed: byColumn('desktop_app_allowed'),
    },
    defaultSort: 'extension',
    tieBreak: 'id',
    // Unfiltered, the total is the tenant's count kept by migration 013's triggers (no count of every row).
    ...(isFiltered(params) ? {} : { total: () => tenantExtensionCount(db, tenantId) }),
  });
  // The rows are this query's own objects: flags become booleans in place (readExtension would copy every row).
  for (const row of rows as Record<string, unknown>[]) for (const f of EXTENSION_FLAGS) row[f] = row[f] === 1;
  return { rows: rows as unknown as (ExtensionRow & StoredLifecycle)[], total };
}

/** One extension of a tenant, as stored (the unique index on tenant and extension). */
export function findExtension(
  db: Kysely<Database>,
  tenantId: string,
  extension: string,
): Promise<StoredExtension | undefined> {
  return db
    .selectFrom('extensions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('extension', '=', extension)
    .executeTakeFirst();
}

/** The tenant of the scope having this extension on this domain (the first one found, as a link request names it). */
export async function findExtensionTenant(
  db: Kysely<Database>,
  scope: TenantScope,
  domain: string,
  extension: string,
): Promise<string | undefined> {
  const q = db
    .selectFrom('extensions')
    .select('tenant_id')
    .where('domain', '=', domain)
    .where('extension', '=', extension);
  return (await scopeToCaller(db, q, scope, 'tenant_id').executeTakeFirst())?.tenant_id;
}

/** Turns one app on or off for one extension; the row after, for the audit. */
export function setExtensionFlag(
  db: Kysely<Database>,
  id: number,
  column: 'mobile_app_allowed' | 'desktop_app_allowed',
  on: boolean,
): Promise<StoredExtension> {
  return db
    .updateTable('extensions')
    .set({ [column]: toFlag(on), updated_at: Date.now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function tenantDomainNames(db: Kysely<Database>, tenantId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('tenant_domains').select('domain').where('tenant_id', '=', tenantId).execute();
  return new Set(rows.map((r) => r.domain));
}
