import { type Migration, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db/database';
import type { AnyDb } from './helpers';

/**
 * Issue #17 item 1: the dashboard in constant time.
 * - `tenant_stats`: one row per tenant id found on extensions, with the dashboard's per-extension counts. Triggers on
 *   `extensions` keep it in the same transaction as every write (single calls, imports, syncs, deletes, a crash
 *   mid-transaction rolls both back), so it always equals a fresh count; the migration back-fills it from one.
 *   SQLite: row triggers, the UPDATE one only when a counted column changes (syncs rewrite names and domains, which
 *   count for nothing). PostgreSQL: statement triggers with transition tables (one upsert per tenant whose counts
 *   changed, per statement: imports and syncs write 500 rows a statement, and an UPDATE of every provisioned
 *   extension for a cloud-wide client profile is one aggregate instead of a function call per row).
 * - Invitations whose mail failed and revoked apps stay live counts driven by their small sets (failed mails, revoked
 *   activations) through the partial indexes below: keeping them in tenant_stats would need triggers on mail and
 *   activations that lock a mail row and a tenant_stats row in opposite orders (deadlocks on PostgreSQL).
 * - `extensions_email` (case sensitive) goes: every email lookup on extensions is `lower(email)` (extensions_email_ci).
 */
const COUNTS: [string, (r: string) => string][] = [
  ['extensions', () => '1'],
  ['linked', (r) => `${r}.linked`],
  ['mobile', (r) => `${r}.mobile_app_allowed`],
  ['desktop', (r) => `${r}.desktop_app_allowed`],
  ['not_invited', (r) => `CASE WHEN ${r}.invite_state = 'none' THEN 1 ELSE 0 END`],
  ['invited', (r) => `CASE WHEN ${r}.invite_state = 'invited' THEN 1 ELSE 0 END`],
  ['qr_opened', (r) => `CASE WHEN ${r}.invite_state = 'qr_opened' THEN 1 ELSE 0 END`],
  ['provisioned', (r) => `CASE WHEN ${r}.invite_state = 'provisioned' THEN 1 ELSE 0 END`],
  ['reprovision_pending', (r) => `CASE WHEN ${r}.reprovision_pending_since IS NOT NULL THEN 1 ELSE 0 END`],
];
const NAMES = COUNTS.map(([c]) => c).join(', ');
/** The extensions columns the counts read: an UPDATE of none of them changes nothing here. */
const COUNTED = ['tenant_id', 'linked', 'mobile_app_allowed', 'desktop_app_allowed', 'invite_state'];

const upsertTail = `ON CONFLICT (tenant_id) DO UPDATE SET ${COUNTS.map(([c]) => `${c} = tenant_stats.${c} + excluded.${c}`).join(', ')};`;

/** Adds (sign '+') or takes away (sign '-') one row's counts: `r` is NEW or OLD. */
const rowUpsert = (r: string, sign: '+' | '-') =>
  `INSERT INTO tenant_stats (tenant_id, ${NAMES}) VALUES (${r}.tenant_id, ${COUNTS.map(([, e]) => `${sign}(${e(r)})`).join(', ')}) ${upsertTail}`;

/**
 * Adds the counts of transition tables ('+': rows written, '-': rows gone), one upsert row per tenant whose counts
 * changed, in tenant order (so two statements lock tenants in the same order).
 */
const tableUpsert = (tables: [string, '+' | '-'][]) => {
  const parts = tables.map(
    ([table, sign]) =>
      `SELECT r.tenant_id, ${COUNTS.map(([c, e]) => `${sign}(${e('r')}) AS ${c}`).join(', ')} FROM ${table} r`,
  );
  const sums = COUNTS.map(([c]) => `SUM(d.${c})`);
  return `INSERT INTO tenant_stats (tenant_id, ${NAMES}) SELECT d.tenant_id, ${sums.join(', ')} FROM (${parts.join(' UNION ALL ')}) d
    GROUP BY d.tenant_id HAVING ${sums.map((x) => `${x} <> 0`).join(' OR ')} ORDER BY d.tenant_id ${upsertTail}`;
};

/** SQLite: an UPDATE that changes none of the counted columns fires nothing. */
const changed = [
  ...COUNTED.map((c) => `OLD.${c} IS NOT NEW.${c}`),
  '(OLD.reprovision_pending_since IS NULL) <> (NEW.reprovision_pending_since IS NULL)',
].join(' OR ');
const updateOf = [...COUNTED, 'reprovision_pending_since'].join(', ');

async function postgresTriggers(db: AnyDb): Promise<void> {
  const fn = (name: string, body: string) =>
    sql
      .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`)
      .execute(db);
  await fn('tenant_stats_insert', tableUpsert([['new_rows', '+']]));
  await fn('tenant_stats_delete', tableUpsert([['old_rows', '-']]));
  await fn(
    'tenant_stats_update',
    tableUpsert([
      ['new_rows', '+'],
      ['old_rows', '-'],
    ]),
  );
  await sql`CREATE TRIGGER extensions_stats_insert AFTER INSERT ON extensions REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION tenant_stats_insert()`.execute(db);
  await sql`CREATE TRIGGER extensions_stats_delete AFTER DELETE ON extensions REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION tenant_stats_delete()`.execute(db);
  await sql`CREATE TRIGGER extensions_stats_update AFTER UPDATE ON extensions
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_stats_update()`.execute(
    db,
  );
}

async function sqliteTriggers(db: AnyDb): Promise<void> {
  await sql
    .raw(`CREATE TRIGGER extensions_stats_insert AFTER INSERT ON extensions BEGIN ${rowUpsert('NEW', '+')} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER extensions_stats_delete AFTER DELETE ON extensions BEGIN ${rowUpsert('OLD', '-')} END`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER extensions_stats_update AFTER UPDATE OF ${updateOf} ON extensions FOR EACH ROW
      WHEN ${changed} BEGIN ${rowUpsert('OLD', '-')} ${rowUpsert('NEW', '+')} END`,
    )
    .execute(db);
}

export function tenantStats013(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      let table = db.schema.createTable('tenant_stats').addColumn('tenant_id', 'varchar(255)', (c) => c.primaryKey());
      for (const [name] of COUNTS) table = table.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));
      await table.execute();
      if (dialect === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);
      // The back-fill: a fresh count (the server migrates before it serves, so no write runs in between).
      await sql
        .raw(
          `INSERT INTO tenant_stats (tenant_id, ${NAMES}) SELECT e.tenant_id, ${COUNTS.map(([, e]) => `SUM(${e('e')})`).join(', ')} FROM extensions e GROUP BY e.tenant_id`,
        )
        .execute(db);

      // The live counts' small sets: invitations by their (failed) mail, revoked activations; failed mail of the last day.
      await db.schema
        .createIndex('extensions_invite_mail')
        .on('extensions')
        .column('invite_mail_id')
        .where(sql<SqlBool>`invite_mail_id is not null`)
        .execute();
      await db.schema
        .createIndex('app_activations_revoked')
        .on('app_activations')
        .column('app_account_id')
        .where(sql<SqlBool>`revoked_at is not null`)
        .execute();
      await db.schema
        .createIndex('mail_messages_status_created')
        .on('mail_messages')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema.dropIndex('extensions_email').execute();
    },
  };
}
