import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { TelephonyConnector } from '../platform/connector';
import { DEMO_PROFILE_NAME, DEMO_RESELLERS, DEMO_TENANTS } from './demo-data';

export interface DemoRemoval {
  /** Rows deleted per table (tables with none are left out). */
  rows: Record<string, number>;
  /** Demo extensions deleted on the telephony platform (Kamailio); 0 on builtin, whose tables are the platform. */
  platformExtensions: number;
}

/** The tables of this database with a tenant column (`tenant_id`, or `tid` for the tenants themselves). */
export async function tablesWithTenantColumn(db: Db): Promise<{ table: string; column: string }[]> {
  const rows =
    db.dialect === 'postgres'
      ? (
          await sql<{ table: string; column: string }>`
            select table_name as "table", column_name as "column" from information_schema.columns
            where table_schema = current_schema() and column_name in ('tenant_id', 'tid')`.execute(db.kysely)
        ).rows
      : (
          await sql<{ table: string; column: string }>`
            select m.name as "table", p.name as "column" from sqlite_master m join pragma_table_info(m.name) p
            where m.type = 'table' and p.name in ('tenant_id', 'tid')`.execute(db.kysely)
        ).rows;
  return rows.sort((a, b) => a.table.localeCompare(b.table));
}

/**
 * Removes the demo (issue #20: "demo data and simulated calls can be turned off and removed with one command"):
 * every row of every table that names a demo tenant (found by column, so a table added later is covered), the app
 * sessions of the demo app accounts, the demo resellers that supervise no other tenant, and the demo client profile
 * while it still points at the demo's made-up proxy. Tenants, resellers and profiles of the provider's own stay;
 * the email template stays (a starting point, not demo data). On Kamailio the demo extensions are deleted through
 * the connector first (their SIP accounts); builtin's own tables are among those cleared. One transaction.
 */
export async function removeDemo(db: Db, connector: TelephonyConnector): Promise<DemoRemoval> {
  const tids = DEMO_TENANTS.map((t) => t.tid);
  let platformExtensions = 0;
  if (connector.id !== 'builtin' && connector.deleteExtension) {
    const demo = await db.kysely
      .selectFrom('extensions')
      .select(['tenant_id', 'extension'])
      .where('tenant_id', 'in', tids)
      .execute();
    for (const e of demo) await connector.deleteExtension(e.tenant_id, e.extension);
    platformExtensions = demo.length;
  }
  const tables = await tablesWithTenantColumn(db);
  const rows: Record<string, number> = {};
  const count = (table: string, n: bigint | number | undefined) => {
    if (Number(n ?? 0) > 0) rows[table] = (rows[table] ?? 0) + Number(n);
  };
  await db.kysely.transaction().execute(async (trx) => {
    const accounts = trx.selectFrom('app_accounts').select('id').where('tenant_id', 'in', tids);
    count(
      'app_sessions',
      (await trx.deleteFrom('app_sessions').where('app_account_id', 'in', accounts).executeTakeFirst()).numDeletedRows,
    );
    // Extensions first: their delete triggers write tenant_stats and the directory's deletion stamps (migrations 012,
    // 013, 015), which are then cleared with the other tables.
    const ordered = [
      ...tables.filter((t) => t.table === 'extensions'),
      ...tables.filter((t) => t.table !== 'extensions'),
    ];
    for (const { table, column } of ordered) {
      const r = await sql`delete from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(tids)})`.execute(trx);
      count(table, r.numAffectedRows);
    }
    const unused = await trx
      .deleteFrom('resellers')
      .where(
        'name',
        'in',
        DEMO_RESELLERS.map((r) => r.name),
      )
      .where('id', 'not in', trx.selectFrom('reseller_tenants').select('reseller_id'))
      .executeTakeFirst();
    count('resellers', unused.numDeletedRows);
    const profile = await trx
      .deleteFrom('client_profiles')
      .where('profile_name', '=', DEMO_PROFILE_NAME)
      .where('proxy', '=', 'sip.provisio.example')
      .executeTakeFirst();
    count('client_profiles', profile.numDeletedRows);
  });
  return { rows, platformExtensions };
}
