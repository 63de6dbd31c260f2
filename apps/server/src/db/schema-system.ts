/**
 * The portal's own bookkeeping: stored files, outgoing mail, email templates, the audit log, background jobs and
 * server secrets.
 */
import type { Generated } from 'kysely';
import type { Millis } from './columns';

export interface FilesTable {
  id: string;
  content_type: string;
  size: number;
  sha256: string;
  data: Buffer;
  created_at: Millis;
}

export interface MailMessagesTable {
  id: Generated<number>;
  kind: string;
  to_addr: string;
  cc: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: string | null;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'logged';
  attempts: number;
  last_error: string | null;
  next_attempt_at: Millis;
  claimed_at: Millis | null;
  created_at: Millis;
  sent_at: Millis | null;
  /** The job that queued it, the tenant and extension it was for (migration 020; null outside a job). */
  job_id: number | null;
  tenant_id: string | null;
  ref: string | null;
  /** The sender when not MAIL_FROM: a reseller's branding (migration 024). */
  from_addr: string | null;
}

export interface EmailTemplatesTable {
  id: Generated<number>;
  name: string;
  subject: string;
  body: string;
  /** 1 for the default template (issue #19), at most one row. */
  is_default: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Millis;
  actor_type: string;
  actor_id: number | null;
  actor_name: string;
  /** Issue #18 (migration 019): the administrator who acted while viewing the portal as the actor. */
  viewer_id: number | null;
  viewer_name: string | null;
  ip: string;
  entity: string;
  entity_id: string;
  action: 'create' | 'update' | 'delete';
  before_json: string | null;
  after_json: string | null;
}

export interface JobsTable {
  id: Generated<number>;
  type: string;
  dedupe_key: string | null;
  tenant_id: string | null;
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  done: Generated<number>;
  total: Generated<number>;
  failed: Generated<number>;
  checkpoint: string | null;
  result: string | null;
  error: string | null;
  attempts: Generated<number>;
  run_after: Millis;
  lease_owner: string | null;
  lease_expires_at: Millis | null;
  created_by: string;
  created_at: Millis;
  updated_at: Millis;
  finished_at: Millis | null;
}

export interface JobEffectsTable {
  job_id: number;
  effect_key: string;
  created_at: Millis;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Millis;
}
