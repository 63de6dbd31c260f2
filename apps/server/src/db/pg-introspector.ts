import type { DatabaseIntrospector, DatabaseMetadataOptions, Kysely, SchemaMetadata, TableMetadata } from 'kysely';
import { sql } from 'kysely';

/** Kysely's own tables (the migrator's), left out unless asked for. */
const KYSELY_TABLES = ['kysely_migration', 'kysely_migration_lock'];

interface ColumnRow {
  table_name: string;
  table_type: string;
  column_name: string;
  data_type: string;
  is_nullable: string;
  column_default: string | null;
}

/**
 * The tables of the schema this connection works in (`current_schema()`, the search path's first), not of every
 * schema. Kysely's PostgreSQL introspection reads every schema of the database and fails ("relation ... does not
 * exist") when another schema is dropped meanwhile: several portals (or test files) sharing one PostgreSQL in schemas
 * of their own. The migrator asks it whether its tables exist on every start.
 */
export function schemaIntrospector(db: Kysely<unknown>, all: DatabaseIntrospector): DatabaseIntrospector {
  const getTables = async (options?: DatabaseMetadataOptions): Promise<TableMetadata[]> => {
    const { rows } = await sql<ColumnRow>`
      select c.table_name, t.table_type, c.column_name, c.data_type, c.is_nullable, c.column_default
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema()
      order by c.table_name, c.ordinal_position`.execute(db);
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s;
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const r of rows) {
      if (!options?.withInternalKyselyTables && KYSELY_TABLES.includes(r.table_name)) continue;
      let table = tables.get(r.table_name);
      if (!table) {
        table = { name: r.table_name, schema, isView: r.table_type === 'VIEW', columns: [] };
        tables.set(r.table_name, table);
      }
      table.columns.push({
        name: r.column_name,
        dataType: r.data_type,
        isNullable: r.is_nullable === 'YES',
        isAutoIncrementing: r.column_default?.startsWith('nextval(') ?? false,
        hasDefaultValue: r.column_default !== null,
      });
    }
    return [...tables.values()];
  };
  return {
    getSchemas: (): Promise<SchemaMetadata[]> => all.getSchemas(),
    getTables,
    getMetadata: async (options) => ({ tables: await getTables(options) }),
  };
}
