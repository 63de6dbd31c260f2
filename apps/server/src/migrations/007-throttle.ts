import { sql, type Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Issue #13: sign-in counters are claimed atomically and some live longer than the sign-in window (the daily PIN cap,
 * the addresses an account has signed in from). Each row now says when housekeeping may remove it.
 */
export function throttle007(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('login_failures')
        .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      // Rows of the old kind lived at most a day (the reset-request counters: an hour).
      await sql`UPDATE login_failures SET expires_at = last_at + 86400000`.execute(db);
      await db.schema.createIndex('login_failures_expires').on('login_failures').column('expires_at').execute();
    },
  };
}
