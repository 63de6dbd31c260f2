import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface DirectoryRow {
  extension: string;
  firstname: string;
  lastname: string;
  email: string;
}

/** Every extension of one tenant but the caller's own, by extension number. */
export function listDirectory(
  db: Kysely<Database>,
  tenantId: string,
  exceptExtension: string,
): Promise<DirectoryRow[]> {
  return db
    .selectFrom('extensions')
    .select(['extension', 'firstname', 'lastname', 'email'])
    .where('tenant_id', '=', tenantId)
    .where('extension', '<>', exceptExtension)
    .orderBy('extension')
    .execute();
}

/**
 * When the tenant's directory last changed (epoch ms, 0 if never): the newest extension update (one seek on the
 * index extensions_tenant_updated) or the last time an extension left the tenant (stamped by a trigger).
 */
export async function directoryChangedAt(db: Kysely<Database>, tenantId: string): Promise<number> {
  const newest = await db
    .selectFrom('extensions')
    .select((eb) => eb.fn.max('updated_at').as('at'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  const left = await db
    .selectFrom('directory_changes')
    .select('changed_at')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Math.max(Number(newest?.at ?? 0), Number(left?.changed_at ?? 0));
}
