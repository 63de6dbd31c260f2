import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type TelephonyConnector, readAll } from '../../platform/connector';
import { newTenantRow } from './tenants.repository';

const CHUNK = 500;

/**
 * Pulls the platform's tenants into the portal's tenants table: new ones are added, names follow the platform.
 * Tenants missing on the platform are kept (resellers, licences and users refer to them); see docs/platforms.md.
 */
export async function syncTenants(
  db: Kysely<Database>,
  connector: TelephonyConnector,
): Promise<{ total: number; created: number }> {
  const items = await readAll((o) => connector.listTenants(o));
  const now = Date.now();
  let created = 0;
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('tenants').select(['tid']).execute();
    const known = new Set(before.map((r) => r.tid));
    for (let i = 0; i < items.length; i += CHUNK) {
      const rows = items.slice(i, i + CHUNK).map((t) => newTenantRow(t.externalId, t.name, now));
      created += rows.filter((r) => !known.has(r.tid)).length;
      await trx
        .insertInto('tenants')
        .values(rows)
        .onConflict((oc) => oc.column('tid').doUpdateSet((eb) => ({ tname: eb.ref('excluded.tname') })))
        .execute();
    }
  });
  return { total: items.length, created };
}
