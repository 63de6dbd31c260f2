import { type AliasedRawBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';
import type { ExtensionRow } from '@provisio/contract';
import { rawRowsOf } from '../../db/raw-rows';
import type { Database } from '../../db/schema';
import { type StoredLifecycle, revokedOf } from './lifecycle';
import { type ExtensionListParams, isFiltered } from './quick-filters';

/**
 * The pages the subscribers screen opens on and pages through (issue #17 item 4): the default sort (either way), no
 * search, no lifecycle or quick filter, a page size. Each is ONE statement:
 * - the page walks migration 014's index (extensions_tenant_sort), so it reads only the rows it returns;
 * - each row's revocation: its extension in the tenant's revoked apps (a small set, read once per statement from
 *   the revoked activations, as withLifecycle's look-up does);
 * - the total: the tenant_stats row (migration 013's triggers keep it in the same transaction as every write).
 * It is compiled once per database and order (only the tenant, limit and offset change, as resolveSession's query)
 * and its rows are read as arrays (db/raw-rows.ts); on SQLite each row is one json_array, which SQLite writes
 * faster than better-sqlite3 hands over 18 values. A transaction or a Kysely with plugins runs the same query
 * through Kysely. Same rows, order and total as the general path (runList, then withLifecycle's look-up).
 */
type FirstPageParams = ExtensionListParams & { limit: number };
export const isFirstPage = (p: ExtensionListParams): p is FirstPageParams =>
  p.limit !== undefined && !p.search?.trim() && (p.sort === undefined || p.sort === 'extension') && !isFiltered(p);

const PAD = sql.lit('0'.repeat(64));
/**
 * Extensions sort as numbers when they are numbers: left-padded to 64 characters (works on both databases). The
 * expression is migration 014's index (extensions_tenant_sort) exactly, the pad a literal: a page is an index walk.
 */
export const byExtension = sql`substr(${PAD} || ${sql.ref('extension')}, length(${sql.ref('extension')}) + 1)`;

/** The number of a tenant's extensions: its tenant_stats row, written in the same transaction as every change. */
export async function tenantExtensionCount(db: Kysely<Database>, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('tenant_stats')
    .select('extensions')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(row?.extensions ?? 0);
}

// The tenant is the caller's (WHERE tenant_id = it): not read back.
const COLUMNS = [
  'id',
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
  'invite_state',
  'invited_at',
  'invite_mail_id',
  'qr_opened_at',
  'provisioned_at',
  'provisioned_ua',
  'reprovision_pending_since',
] as const;
const AT = Object.fromEntries([...COLUMNS, 'revoked', 'total'].map((c, i) => [c, i])) as Record<
  (typeof COLUMNS)[number] | 'revoked' | 'total',
  number
>;

const onPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

function firstPageQuery(db: Kysely<Database>, tenantId: string, order: 'asc' | 'desc', limit: number, offset: number) {
  const values = [
    ...COLUMNS.map((c) => sql.ref(c)),
    sql`${sql.ref('extension')} in (${revokedOf(db, tenantId)})`,
    sql`(${db.selectFrom('tenant_stats').select('extensions').where('tenant_id', '=', tenantId)})`,
  ];
  const select: AliasedRawBuilder<unknown, string>[] = onPostgres(db)
    ? values.map((v, i) => v.as(`c${i}`))
    : [sql<string>`json_array(${sql.join(values)})`.as('row')];
  return db
    .selectFrom('extensions')
    .select(select)
    .where('tenant_id', '=', tenantId)
    .orderBy(byExtension, order)
    .orderBy('id', order)
    .limit(limit)
    .offset(offset);
}

// Placeholders of the compiled form, replaced by each call's values (compiled with them, found by identity).
const TENANT = '\u0000tenant';
const LIMIT = -70_001;
const OFFSET = -70_002;
interface CompiledPage {
  sql: string;
  bind: (tenantId: string, limit: number, offset: number) => unknown[];
  json: boolean;
}
const compiledPages = new WeakMap<object, Partial<Record<'asc' | 'desc', CompiledPage>>>();

function compiledPage(db: Kysely<Database>, order: 'asc' | 'desc'): CompiledPage {
  let byOrder = compiledPages.get(db);
  if (!byOrder) compiledPages.set(db, (byOrder = {}));
  const cached = byOrder[order];
  if (cached) return cached;
  const { sql: text, parameters } = firstPageQuery(db, TENANT, order, LIMIT, OFFSET).compile();
  const slots = [...parameters];
  if (![TENANT, LIMIT, OFFSET].every((p) => slots.includes(p))) throw new Error('firstPageQuery: a value is inlined');
  const page: CompiledPage = {
    sql: text,
    bind: (tenantId, limit, offset) =>
      slots.map((p) => (p === TENANT ? tenantId : p === LIMIT ? limit : p === OFFSET ? offset : p)),
    json: !onPostgres(db),
  };
  byOrder[order] = page;
  return page;
}

export async function firstPage(
  db: Kysely<Database>,
  tenantId: string,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<{ rows: (ExtensionRow & StoredLifecycle)[]; total: number }> {
  const raw = rawRowsOf(db);
  let rows: unknown[][];
  let json: boolean;
  if (raw) {
    const page = compiledPage(db, order);
    rows = await raw(page.sql, page.bind(tenantId, limit, offset));
    json = page.json;
  } else {
    rows = (await firstPageQuery(db, tenantId, order, limit, offset).execute()).map((r) => Object.values(r));
    json = !onPostgres(db);
  }
  const values = json ? rows.map((r) => JSON.parse(r[0] as string) as unknown[]) : rows;
  // No row (an empty tenant, or past its end): no row carried the total.
  const first = values[0];
  const total = first ? Number(first[AT.total]) : await tenantExtensionCount(db, tenantId);
  return { rows: values.map((v) => pageRow(tenantId, v)), total };
}

/** A row as the general path gives it (flags as booleans, the stored lifecycle) with its revocation; one shape. */
function pageRow(tenantId: string, a: unknown[]): ExtensionRow & StoredLifecycle {
  const s = a as unknown as Record<number, never>;
  return {
    id: s[AT.id],
    tenant_id: tenantId,
    extension: s[AT.extension],
    domain: s[AT.domain],
    site_name: s[AT.site_name],
    firstname: s[AT.firstname],
    lastname: s[AT.lastname],
    admin: a[AT.admin] === 1,
    email: s[AT.email],
    linked: a[AT.linked] === 1,
    mobile_app_allowed: a[AT.mobile_app_allowed] === 1,
    desktop_app_allowed: a[AT.desktop_app_allowed] === 1,
    invite_state: s[AT.invite_state],
    invited_at: s[AT.invited_at],
    invite_mail_id: s[AT.invite_mail_id],
    qr_opened_at: s[AT.qr_opened_at],
    provisioned_at: s[AT.provisioned_at],
    provisioned_ua: s[AT.provisioned_ua],
    reprovision_pending_since: s[AT.reprovision_pending_since],
    // SQLite answers 0/1, PostgreSQL a boolean.
    revoked: a[AT.revoked] === 1 || a[AT.revoked] === true,
  };
}
