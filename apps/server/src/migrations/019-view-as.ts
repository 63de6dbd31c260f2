import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Issue #18 item 4, "view as": a view session is a row of sessions whose principal is the viewed account and whose
 * viewer_session_id names the administrator's own session (it lives only while that one does), with the reason
 * given. audit_log names the administrator beside the viewed account for everything done in a view.
 */
export function viewAs019(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('sessions').addColumn('viewer_session_id', 'integer').execute();
      await db.schema.alterTable('sessions').addColumn('view_reason', 'varchar(200)').execute();
      await db.schema.alterTable('audit_log').addColumn('viewer_id', 'integer').execute();
      await db.schema.alterTable('audit_log').addColumn('viewer_name', 'varchar(254)').execute();
    },
  };
}
