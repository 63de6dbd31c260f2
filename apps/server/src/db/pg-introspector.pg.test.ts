import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../migrations';
import { type Db, openDatabase } from './database';

// Several portals (or test files) on one PostgreSQL, each in a schema of its own: introspection and migrations of
// one must not see, or trip over, the others' schemas, even while they are dropped.
const url = process.env.TEST_DATABASE_URL!;
const name = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;
const admin = async (text: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
};

const mine = name('intro');
let db: Db;
beforeAll(async () => {
  await admin(`CREATE SCHEMA ${mine}`);
  db = openDatabase({ databaseUrl: url, pgSchema: mine, poolSize: 2 });
  await migrate(db);
});
afterAll(async () => {
  await db.close();
  await admin(`DROP SCHEMA ${mine} CASCADE`);
});

describe('PostgreSQL introspection (db/pg-introspector.ts)', () => {
  it("lists this schema's tables with their columns, not another schema's", async () => {
    const other = name('other');
    await admin(`CREATE SCHEMA ${other}; CREATE TABLE ${other}.elsewhere (id serial primary key, note text)`);
    try {
      const tables = await db.kysely.introspection.getTables();
      expect(tables.map((t) => t.name)).toContain('extensions');
      expect(tables.map((t) => t.name)).not.toContain('elsewhere');
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([mine]));
      expect(tables.map((t) => t.name)).not.toContain('kysely_migration');
      const withKysely = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
      expect(withKysely.map((t) => t.name)).toContain('kysely_migration');
      const users = tables.find((t) => t.name === 'users')!;
      const id = users.columns.find((c) => c.name === 'id')!;
      expect(id).toMatchObject({ isAutoIncrementing: true, hasDefaultValue: true, isNullable: false });
    } finally {
      await admin(`DROP SCHEMA ${other} CASCADE`);
    }
  });

  it('migrates and introspects while other schemas are created and dropped beside it', async () => {
    const churn = async () => {
      for (let i = 0; i < 8; i++) {
        const s = name('churn');
        const tables = Array.from({ length: 20 }, (_, k) => `CREATE TABLE ${s}.t${k} (id serial primary key)`);
        await admin(`CREATE SCHEMA ${s}; ${tables.join('; ')}`);
        await admin(`DROP SCHEMA ${s} CASCADE`);
      }
    };
    const reads = async () => {
      for (let i = 0; i < 40; i++) {
        await migrate(db);
        await db.kysely.introspection.getTables();
      }
    };
    await expect(Promise.all([churn(), churn(), reads()])).resolves.toBeDefined();
  }, 60_000);
});
