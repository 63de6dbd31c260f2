import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, type Kysely, type KyselyPlugin, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { type TestApp, startTestApp } from '../../../test/harness';
import { listTenantExtensions } from './extensions.repository';

/**
 * Issue #17 item 4: a page of the subscribers screen in its default sort is an index walk (migration 014), not a
 * sort of the whole tenant; its unfiltered total is the tenant_stats count and equals a fresh count.
 */
let t: TestApp;
let token: string;
const TENANT = 'northwind.example';
const ADDED = 2000;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  token = await t.login();
  const now = Date.now();
  const rows = Array.from({ length: ADDED }, (_, i) => ({
    tenant_id: TENANT,
    // Numbers of different lengths, so the padded sort differs from the text sort.
    extension: i % 3 === 0 ? `9${i}` : String(900_000 + i),
    domain: TENANT,
    site_name: 'Main',
    firstname: `F${i}`,
    lastname: `L${i}`,
    email: `plan${i}@${TENANT}`,
    admin: 0 as const,
    linked: 0 as const,
    mobile_app_allowed: 0 as const,
    desktop_app_allowed: 0 as const,
    mobile_phone: '',
    home_phone: '',
    pin: '',
    sip_password: 'x',
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await t.db.kysely
      .insertInto('extensions')
      .values(rows.slice(i, i + 200))
      .execute();
  // Statistics as a running server's database has them (PostgreSQL's autovacuum, SQLite's optimize).
  await sql`analyze`.execute(t.db.kysely);
}, 60_000);
afterAll(() => t.close());

/** The statements listTenantExtensions runs, compiled as they reach the database. */
async function statementsOf(params: Parameters<typeof listTenantExtensions>[2]): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = [];
  const spy: KyselyPlugin = {
    transformQuery: (a) => {
      seen.push(t.db.kysely.getExecutor().compileQuery(a.node, a.queryId));
      return a.node;
    },
    transformResult: async (a) => a.result,
  };
  await listTenantExtensions((t.db.kysely as Kysely<Database>).withPlugin(spy), TENANT, params);
  return seen;
}

async function planOf(q: CompiledQuery): Promise<string> {
  const pg = t.db.dialect === 'postgres';
  const res = await t.db.kysely.executeQuery(
    CompiledQuery.raw(`${pg ? 'explain' : 'explain query plan'} ${q.sql}`, [...q.parameters]),
  );
  return (res.rows as Record<string, unknown>[]).map((row) => String(pg ? row['QUERY PLAN'] : row.detail)).join('\n');
}

describe('getExtensions page plans', () => {
  it.each(['asc', 'desc'] as const)(
    'the default sort (%s) walks extensions_tenant_sort: no sort of the tenant',
    async (order) => {
      const statements = await statementsOf({ limit: 50, offset: 100, order });
      const page = statements.filter((q) => /order by/i.test(q.sql));
      expect(page).toHaveLength(1);
      const plan = await planOf(page[0] as CompiledQuery);
      expect(plan).toContain('extensions_tenant_sort');
      expect(plan).not.toMatch(/TEMP B-TREE/i);
      expect(plan).not.toMatch(/^\s*(->\s*)?(Incremental )?Sort\b/im);
    },
  );

  it('an unfiltered page counts nothing: its total is the tenant_stats row', async () => {
    const statements = await statementsOf({ limit: 50 });
    expect(statements.some((q) => /count\(\*\)/i.test(q.sql))).toBe(false);
    expect(statements.some((q) => /tenant_stats/.test(q.sql))).toBe(true);
    // A search or a lifecycle filter still counts its own matches.
    expect((await statementsOf({ limit: 50, search: 'plan1' })).some((q) => /count\(\*\)/i.test(q.sql))).toBe(true);
  });
});

describe('getExtensions default sort and total through the API', () => {
  const fresh = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('extensions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', TENANT)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const page = (body: object) => t.call('getExtensions', { tenant_id: TENANT, ...body }, { token });

  it('pages in numeric order both ways with a total equal to a fresh count, also after a delete', async () => {
    const all = (await page({})).json() as { id: number; extension: string }[];
    const numeric = [...all].sort(
      (a, b) => a.extension.padStart(64, '0').localeCompare(b.extension.padStart(64, '0')) || a.id - b.id,
    );
    expect(all.map((x) => x.id)).toEqual(numeric.map((x) => x.id));
    const second = await page({ limit: 50, offset: 50 });
    expect(second.headers['x-total-count']).toBe(String(await fresh()));
    expect((second.json() as { id: number }[]).map((x) => x.id)).toEqual(numeric.slice(50, 100).map((x) => x.id));
    const last = await page({ limit: 50, offset: 0, order: 'desc' });
    expect((last.json() as { id: number }[]).map((x) => x.id)).toEqual(
      numeric
        .slice(-50)
        .reverse()
        .map((x) => x.id),
    );

    await t.db.kysely.deleteFrom('extensions').where('tenant_id', '=', TENANT).where('extension', '=', '90').execute();
    const after = await page({ limit: 50 });
    expect(after.headers['x-total-count']).toBe(String(await fresh()));
    expect(Number(after.headers['x-total-count'])).toBe(all.length - 1);
    // A search counts its matches (not the tenant's total).
    const searched = await page({ limit: 5, search: 'plan19' });
    expect(searched.headers['x-total-count']).toBe('111');
  });

  it('a tenant without extensions answers an empty page with total 0', async () => {
    await t.db.kysely.deleteFrom('extensions').where('tenant_id', '=', 'acme.example').execute();
    const res = await t.call('getExtensions', { tenant_id: 'acme.example', limit: 50 }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });
});
