import { z } from 'zod';
import { call } from './call';
import { OkReply, callerEcho } from './common';

/**
 * Issue #18 item 3, signed webhooks: endpoints per reseller or tenant receive the events they subscribe to as a
 * signed JSON POST (docs/security.md, "Signed webhooks", gives the signature format).
 */
export const WEBHOOK_EVENT_TYPES = [
  'extension.created',
  'extension.updated',
  'extension.deleted',
  'app.invited',
  'app.provisioned',
  'app.revoked',
  'registration.lost',
  'registration.back',
  'licence.above_90',
  'import.finished',
  'listen_in.started',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What "send test event" sends; not a type an endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_LIMITS = { urlMax: 2000, perScope: 10, logMax: 100 } as const;

const WebhookScope = {
  scope_type: z.enum(['reseller', 'tenant']),
  /** The reseller's id (as text) or the tenant's id. */
  scope_id: z.string().trim().min(1, { error: 'webhookScopeRequired' }).max(100),
};
const WebhookUrl = z
  .string({ error: 'webhookUrlInvalid' })
  .trim()
  .min(1, { error: 'webhookUrlInvalid' })
  .max(WEBHOOK_LIMITS.urlMax, { error: 'webhookUrlInvalid' });
const WebhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES), { error: 'webhookEventsRequired' })
  .min(1, { error: 'webhookEventsRequired' })
  .max(WEBHOOK_EVENT_TYPES.length);

export const WebhookEndpoint = z.object({
  id: z.number(),
  scope_type: z.enum(['reseller', 'tenant']),
  scope_id: z.string(),
  /** The reseller's or tenant's name. */
  scope_name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** 'failures' when the portal turned it off after too many failed deliveries in a row. */
  disabled_reason: z.string().nullable(),
  consecutive_failures: z.number(),
  created_at: z.number(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;
export const WebhookEndpointList = z.array(WebhookEndpoint);

export const WebhookListBody = z.strictObject({ ...callerEcho });
export const WebhookCreateBody = z.strictObject({
  ...WebhookScope,
  url: WebhookUrl,
  events: WebhookEvents,
  enabled: z.boolean().default(true),
  ...callerEcho,
});
export type WebhookCreateBody = z.infer<typeof WebhookCreateBody>;
export const WebhookUpdateBody = z.strictObject({
  id: z.number().int().positive(),
  url: WebhookUrl.optional(),
  events: WebhookEvents.optional(),
  /** Turning an endpoint on again clears its failure count. */
  enabled: z.boolean().optional(),
  ...callerEcho,
});
export type WebhookUpdateBody = z.infer<typeof WebhookUpdateBody>;
export const WebhookIdBody = z.strictObject({ id: z.number().int().positive(), ...callerEcho });

/** The signing secret is in this reply only (creation and rotation); the portal never shows it again. */
export const WebhookSecretReply = z.object({ endpoint: WebhookEndpoint, secret: z.string() });
export const WebhookTestReply = z.object({ delivery_id: z.string(), message: z.string() });

export const WebhookDeliveriesBody = z.strictObject({
  id: z.number().int().positive(),
  limit: z.number().int().min(1).max(WEBHOOK_LIMITS.logMax).default(50),
  ...callerEcho,
});
/** One try of one delivery: the delivery log of an endpoint, newest first. */
export const WebhookAttempt = z.object({
  id: z.number(),
  delivery_id: z.string(),
  event_type: z.string(),
  attempt: z.number(),
  at: z.number(),
  /** The receiver's HTTP status; null when none came (refused connection, timeout). */
  status_code: z.number().nullable(),
  duration_ms: z.number(),
  error: z.string().nullable(),
  /** Where the delivery stands now: pending (retried later), delivered or failed (given up). */
  delivery_status: z.string(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;
export const WebhookAttemptList = z.array(WebhookAttempt);

const base = { access: 'signed-in', tags: ['webhooks'] } as const;

/** Admins and reseller users (for their resellers and their tenants); simple users are refused. Beyond the spec. */
export const webhooksCalls = {
  webhookEndpoints: call({
    ...base,
    method: 'POST',
    path: '/webhookEndpoints',
    summary: 'Webhook endpoints of the resellers and tenants the caller may manage (issue #18)',
    body: WebhookListBody.optional(),
    reply: WebhookEndpointList,
  }),
  webhookCreate: call({
    ...base,
    method: 'POST',
    path: '/webhookCreate',
    summary: 'Register a webhook endpoint for a reseller or tenant; the reply holds its signing secret, shown once',
    body: WebhookCreateBody,
    reply: WebhookSecretReply,
  }),
  webhookUpdate: call({
    ...base,
    method: 'POST',
    path: '/webhookUpdate',
    summary: 'Change a webhook endpoint’s URL, events or enabled flag',
    body: WebhookUpdateBody,
    reply: WebhookEndpoint,
  }),
  webhookRotateSecret: call({
    ...base,
    method: 'POST',
    path: '/webhookRotateSecret',
    summary: 'Replace a webhook endpoint’s signing secret; the reply holds the new one, shown once',
    body: WebhookIdBody,
    reply: WebhookSecretReply,
  }),
  webhookDelete: call({
    ...base,
    method: 'POST',
    path: '/webhookDelete',
    summary: 'Delete a webhook endpoint with its pending deliveries and log',
    body: WebhookIdBody,
    reply: OkReply,
  }),
  webhookTest: call({
    ...base,
    method: 'POST',
    path: '/webhookTest',
    summary: 'Queue a signed test event (webhook.test) for one endpoint',
    body: WebhookIdBody,
    reply: WebhookTestReply,
  }),
  webhookDeliveries: call({
    ...base,
    method: 'POST',
    path: '/webhookDeliveries',
    summary: 'The delivery log of one endpoint: each try with its status and response time, newest first',
    body: WebhookDeliveriesBody,
    reply: WebhookAttemptList,
  }),
};
