import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type pg from 'pg';

/**
 * Rows as arrays, for the few hot reads that build their own reply rows (issue #17 item 4: the subscribers screen's
 * first page): no object per row from the driver (better-sqlite3's raw mode; pg's rowMode 'array'), and on
 * PostgreSQL a named statement, parsed and planned once per connection instead of on every call.
 *
 * Kept per opened database, keyed on its Kysely instance (as resolveSession keeps its compiled query): a
 * transaction, or a Kysely with plugins, has none, and its caller runs the same query through Kysely.
 */
export type RawRows = (sql: string, parameters: readonly unknown[]) => Promise<unknown[][]>;

// Keyed on the Kysely instance of any schema.
const runners = new WeakMap<object, RawRows>();

export function setRawRows(kysely: Kysely<never>, run: RawRows): void {
  runners.set(kysely, run);
}

/** The array reader of this Kysely instance (undefined for a transaction or a Kysely with plugins). */
export function rawRowsOf(kysely: object): RawRows | undefined {
  return runners.get(kysely);
}

/** At most this many SQL texts get a statement name: the callers are a few fixed queries. */
const MAX_NAMED = 64;

/**
 * PostgreSQL: the statement's name is a hash of its text, so one name never stands for two texts on a connection
 * (pg refuses that); a statement stays valid across schema changes (PostgreSQL plans it again itself).
 */
export function pgRawRows(pool: pg.Pool): RawRows {
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_NAMED) {
      name = `raw_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
      names.set(sql, name);
    }
    return name;
  };
  return async (sql, parameters) => {
    const res = await pool.query<unknown[]>({
      name: nameOf(sql),
      text: sql,
      values: parameters as unknown[],
      rowMode: 'array',
    });
    return res.rows;
  };
}
