/**
 * Issue #18 signed webhooks: sample requests aimed at the victim tenant (a public documentation address, so the
 * admin's creation passes the URL check without WEBHOOKS_ALLOW_PRIVATE or DNS), and the matrix rows of the calls
 * on one endpoint. Those name an endpoint no caller may see: a simple user is refused (403), a reseller user is
 * not shown it (404), an admin is told it does not exist (404, a refusal on the content: 'ok'). The refusals with
 * real endpoints of another tenant are tested in modules/webhooks/webhooks.test.ts.
 */
const V = 'cobalt.example';
const NO_ENDPOINT = { body: () => ({ id: 999_999 }) };

export const WEBHOOK_SAMPLES = {
  'POST /api/v1/webhookEndpoints': { body: () => ({}) },
  'POST /api/v1/webhookCreate': {
    body: () => ({ scope_type: 'tenant', scope_id: V, url: 'https://203.0.113.7/hook', events: ['extension.created'] }),
  },
  'POST /api/v1/webhookUpdate': { body: () => ({ id: 999_999, enabled: false }) },
  'POST /api/v1/webhookRotateSecret': NO_ENDPOINT,
  'POST /api/v1/webhookDelete': NO_ENDPOINT,
  'POST /api/v1/webhookTest': NO_ENDPOINT,
  'POST /api/v1/webhookDeliveries': NO_ENDPOINT,
};

const NOT_SHOWN = { answers: '401 401 401 403 404 ok' };
export const WEBHOOK_MATRIX = {
  'POST /api/v1/webhookUpdate': NOT_SHOWN,
  'POST /api/v1/webhookRotateSecret': NOT_SHOWN,
  'POST /api/v1/webhookDelete': NOT_SHOWN,
  'POST /api/v1/webhookTest': NOT_SHOWN,
  'POST /api/v1/webhookDeliveries': NOT_SHOWN,
};
