import type { Migration } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * Issue #20 item 2: each outgoing message knows the job that queued it, the tenant it was for and the extension it
 * went to, so a screen follows the delivery of its own messages (jobMails) and a failed one can be sent again by
 * whoever may see that tenant (retryMail). Messages queued outside a job (resets, QR images) leave them null.
 */
export function mailJob020(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('mail_messages').addColumn('job_id', 'integer').execute();
      await db.schema.alterTable('mail_messages').addColumn('tenant_id', 'varchar(255)').execute();
      await db.schema.alterTable('mail_messages').addColumn('ref', 'varchar(255)').execute();
      await db.schema.createIndex('mail_messages_job').on('mail_messages').columns(['job_id', 'id']).execute();
    },
  };
}
