import { type Migration, sql } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Issue #19 item 3: one email template may be the default, the one the Email QR modal opens with. Templates are
 * shared by the whole installation, so the default is too; a partial unique index keeps it to one row.
 */
export function defaultTemplate023(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('email_templates')
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`create unique index email_templates_one_default on email_templates (is_default) where is_default = 1`.execute(
        db,
      );
    },
  };
}
