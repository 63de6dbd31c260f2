import { type Kysely, type Selectable, sql } from 'kysely';
import type { ExtensionRow, LifecycleFilter } from '@provisio/contract';
import type { Database, ExtensionsTable } from '../../db/schema';
import { type ListParams, byColumn, byText, runList } from '../../lib/list-query';
import { LIFECYCLE_COLUMNS, type StoredLifecycle, whereLifecycle } from './lifecycle';

export const EXTENSION_COLUMNS = ['id', 'tenant_id', 'extension', 'domain', 'site_name', 'firstname', 'lastname', 'admin', 'email', 'linked', 'mobile_app_allowed', 'desktop_app_allowed'] as const;

const PAD = sql.lit('0'.repeat(64));
/** Extensions sort as numbers when they are numbers: left-padded to 64 characters (works on both databases). */
const byExtension = sql`substr(${PAD} || ${sql.ref('extension')}, length(${sql.ref('extension')}) + 1)`;

type StoredRow = Pick<Selectable<ExtensionsTable>, (typeof EXTENSION_COLUMNS)[number]>;

export function toExtensionRow<R extends StoredRow>(r: R): Omit<R, 'admin' | 'linked' | 'mobile_app_allowed' | 'desktop_app_allowed'> & ExtensionRow {
  return {
    ...r,
    admin: r.admin === 1,
    linked: r.linked === 1,
    mobile_app_allowed: r.mobile_app_allowed === 1,
    desktop_app_allowed: r.desktop_app_allowed === 1,
  };
}

/**
 * One tenant's extensions: searched over extension, names and email; narrowed to one lifecycle step; sorted; paged
 * when a limit is given. The rows carry the stored lifecycle columns (lifecycle.ts turns them into the reply's).
 */
export async function listTenantExtensions(
  db: Kysely<Database>,
  tenantId: string,
  params: ListParams & { lifecycle?: LifecycleFilter | undefined },
): Promise<{ rows: (ExtensionRow & StoredLifecycle)[]; total: number }> {
  const base = whereLifecycle(db.selectFrom('extensions').select([...EXTENSION_COLUMNS, ...LIFECYCLE_COLUMNS]).where('tenant_id', '=', tenantId), db, tenantId, params.lifecycle);
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
  });
  return { rows: rows.map(toExtensionRow), total };
}

export function findExtension(db: Kysely<Database>, tenantId: string, extension: string) {
  return db.selectFrom('extensions').selectAll().where('tenant_id', '=', tenantId).where('extension', '=', extension).executeTakeFirst();
}

export async function tenantDomainNames(db: Kysely<Database>, tenantId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('tenant_domains').select('domain').where('tenant_id', '=', tenantId).execute();
  return new Set(rows.map((r) => r.domain));
}
