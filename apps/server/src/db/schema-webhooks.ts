/** Signed webhooks (issue #18 item 3, migration 018). */
import type { Generated } from 'kysely';
import type { Millis } from './columns';

export interface WebhookEndpointsTable {
  id: Generated<number>;
  scope_type: 'reseller' | 'tenant';
  /** The reseller's id (as text) or the tenant's id. */
  scope_id: string;
  url: string;
  /** The signing secret, AES-256-GCM under a server key (modules/webhooks/webhook-secret.ts). */
  secret_enc: string;
  /** Subscribed event types, comma-separated. */
  events: string;
  enabled: Generated<number>;
  consecutive_failures: Generated<number>;
  /** 'failures' when the worker turned it off after too many failed tries in a row. */
  disabled_reason: string | null;
  disabled_at: Millis | null;
  created_by: Generated<string>;
  created_at: Millis;
  updated_at: Millis;
}

export interface WebhookEventsTable {
  id: Generated<number>;
  uid: string;
  type: string;
  tenant_id: string | null;
  /** The JSON body sent to receivers. */
  payload: string;
  created_at: Millis;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  /** X-Provisio-Delivery: the same on every retry, so a receiver can drop a repeat. */
  uid: string;
  endpoint_id: number;
  event_id: number;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Millis;
  lease_owner: string | null;
  lease_expires_at: Millis | null;
  last_status: number | null;
  last_error: string | null;
  created_at: Millis;
  finished_at: Millis | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  endpoint_id: number;
  attempt: number;
  at: Millis;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

export interface WebhookRegistrationsTable {
  tenant_id: string;
  extension: string;
  registered: number;
  changed_at: Millis;
}

export interface WebhookLicenceAlertsTable {
  tenant_id: string;
  app: 'mobile' | 'desktop';
  created_at: Millis;
}
