import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMessage } from '@provisio/contract';
import { type TestApp, createResellerUser, startTestApp } from '../../../test/harness';
import { WebhookReceiver, verifySignature } from '../../../test/webhook-receiver';
import { deliveryWorker } from './delivery-worker';
import { emitEvent } from './emit';

/**
 * Signed webhooks (issue #18 item 3) through the real app and a real HTTP receiver on loopback: signatures, retries
 * after a 500 and after the receiver was down, order per endpoint, an outbox that sends nothing for a rolled-back
 * change, scope rules, URL checks, the per-scope limit under parallel requests and the automatic disable.
 */
let t: TestApp;
let admin: string;
let seller: string;
let resellerId: number;
const receivers: WebhookReceiver[] = [];

const TENANT = 'hooks.example';
const OTHER = 'other.example';

async function receiver(port = 0): Promise<WebhookReceiver> {
  const r = await new WebhookReceiver().start(port);
  receivers.push(r);
  return r;
}

const drain = () => deliveryWorker(t.deps, t.app.log).drain();
async function drainUntil(what: string, ok: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    await drain();
    if (await ok()) return;
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function createEndpoint(url: string, events: string[], scope = { scope_type: 'tenant', scope_id: TENANT }) {
  const res = await t.call('webhookCreate', { ...scope, url, events }, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ endpoint: { id: number }; secret: string }>();
}

let extNo = 300;
async function createExtension(tenant = TENANT): Promise<string> {
  const extension = String(extNo++);
  const res = await t.call(
    'createExtension',
    { tenant_id: tenant, extension, domain: tenant, site_name: 'Main', firstname: 'Ada', lastname: 'L' },
    { token: admin },
  );
  expect(res.statusCode, res.body).toBe(200);
  return extension;
}

async function disable(id: number) {
  expect((await t.call('webhookUpdate', { id, enabled: false }, { token: admin })).statusCode).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp({
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    WEBHOOK_BACKOFF_MS: '10',
    WEBHOOK_TIMEOUT_MS: '2000',
    WEBHOOK_DISABLE_AFTER: '3',
    PUBLIC_URL: 'https://portal.example.test',
    PORT: '8123',
  });
  admin = await t.login();
  for (const tid of [TENANT, OTHER]) {
    const res = await t.call('createTenant', { tid, tname: tid, domain: tid, site_name: 'Main' }, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
  }
  const now = Date.now();
  resellerId = (
    await t.db.kysely
      .insertInto('resellers')
      .values({ name: 'Hook Reseller', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await t.db.kysely
    .insertInto('reseller_tenants')
    .values({ reseller_id: resellerId, tenant_id: TENANT, created_at: now })
    .execute();
  await createResellerUser(t.db, 'seller@hooks.test', 'seller-pass-1', [resellerId]);
  seller = await t.login('seller@hooks.test', 'seller-pass-1');
}, 60_000);

afterAll(async () => {
  for (const r of receivers) await r.close();
  await t?.close();
});

describe('webhooks', () => {
  it('delivers a signed extension.created the receiver can verify, with event and delivery headers', async () => {
    const rx = await receiver();
    const { endpoint, secret } = await createEndpoint(rx.url, ['extension.created']);
    expect(secret).toMatch(/^whsec_/);
    const stored = await t.db.kysely
      .selectFrom('webhook_endpoints')
      .select('secret_enc')
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_enc).not.toContain(secret.slice(6));
    const ext = await createExtension();
    await drainUntil('the delivery', () => rx.received.length === 1);
    const [r] = rx.received;
    expect(r!.event).toBe('extension.created');
    expect(r!.delivery).toMatch(/^dlv_/);
    expect(r!.json).toMatchObject({ type: 'extension.created', tenant_id: TENANT, data: { extension: ext } });
    expect(verifySignature(secret, r!.signature, r!.body)).toBe(true);
    expect(verifySignature(secret, r!.signature, r!.body.replace(ext, '999'))).toBe(false);
    expect(verifySignature('whsec_wrong', r!.signature, r!.body)).toBe(false);
    const log = await t.call('webhookDeliveries', { id: endpoint.id }, { token: admin });
    expect(log.json()).toMatchObject([
      { event_type: 'extension.created', status_code: 200, delivery_status: 'delivered' },
    ]);
    // A rotated secret signs the next delivery; the old one no longer verifies.
    const rotated = await t.call('webhookRotateSecret', { id: endpoint.id }, { token: admin });
    const fresh = rotated.json<{ secret: string }>().secret;
    await createExtension();
    await drainUntil('the second delivery', () => rx.received.length === 2);
    expect(verifySignature(fresh, rx.received[1]!.signature, rx.received[1]!.body)).toBe(true);
    expect(verifySignature(secret, rx.received[1]!.signature, rx.received[1]!.body)).toBe(false);
    await disable(endpoint.id);
  });

  it('retries after the receiver answers 500, with the same delivery id, and logs every try', async () => {
    const rx = await receiver();
    rx.answer = (_r, i) => (i < 2 ? 500 : 200);
    const { endpoint } = await createEndpoint(rx.url, ['extension.deleted']);
    const ext = await createExtension();
    expect((await t.call('deleteExtension', { tenant_id: TENANT, extension: ext }, { token: admin })).statusCode).toBe(
      200,
    );
    await drainUntil('delivery after two 500s', () => rx.received.some((r) => r.answered === 200));
    expect(rx.received.map((r) => r.answered)).toEqual([500, 500, 200]);
    expect(new Set(rx.received.map((r) => r.delivery)).size).toBe(1);
    const log = (await t.call('webhookDeliveries', { id: endpoint.id }, { token: admin })).json<
      { attempt: number; status_code: number }[]
    >();
    expect(log.map((l) => [l.attempt, l.status_code])).toEqual([
      [3, 200],
      [2, 500],
      [1, 500],
    ]);
    await disable(endpoint.id);
  });

  it('retries while the receiver is down (closed port), then delivers once it is back', async () => {
    const probe = await receiver();
    const port = probe.port;
    await probe.close();
    const { endpoint } = await createEndpoint(`http://127.0.0.1:${port}/hook`, ['extension.created']);
    await createExtension();
    // One try while the receiver is down, the clock held: with a 10 ms back-off, a slow host's drain would otherwise
    // try again and again until WEBHOOK_DISABLE_AFTER (3 here) turned the endpoint off before the receiver is back.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      await drain();
    } finally {
      clock.mockRestore();
    }
    const failed = await t.db.kysely
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('endpoint_id', '=', endpoint.id)
      .execute();
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ status_code: null, error: 'ECONNREFUSED' });
    const rx = await receiver(port);
    await drainUntil('delivery after the receiver is back', () => rx.received.length === 1);
    expect(rx.received[0]!.answered).toBe(200);
    await disable(endpoint.id);
  });

  it('keeps order per endpoint: a later event waits until an earlier one is delivered', async () => {
    const rx = await receiver();
    rx.answer = (_r, i) => (i === 0 ? 500 : 200);
    const { endpoint } = await createEndpoint(rx.url, ['extension.created']);
    const exts: string[] = [];
    for (let i = 0; i < 5; i++) exts.push(await createExtension());
    await drainUntil('five deliveries', () => rx.received.filter((r) => r.answered === 200).length === 5);
    expect(rx.received.map((r) => r.json.data.extension)).toEqual([exts[0], ...exts]);
    await disable(endpoint.id);
  });

  it('sends nothing for a change that rolled back (the event shares its transaction)', async () => {
    const rx = await receiver();
    const { endpoint } = await createEndpoint(rx.url, ['extension.updated']);
    const before = await t.db.kysely.selectFrom('webhook_events').select('id').execute();
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('extensions').set({ firstname: 'Rolled' }).where('tenant_id', '=', TENANT).execute();
        await emitEvent(trx, TENANT, 'extension.updated', { extension: 'x' });
        throw new Error('the change fails after its event was written');
      }),
    ).rejects.toThrow('the change fails');
    // A service's refusal inside its transaction: a licence too small for one more app.
    const limits = await t.call(
      'createUpdateLicenses',
      {
        tenant_id: TENANT,
        vcx_mobile: 0,
        vcx_desktop: 0,
        call_monitor: 0,
        call_recording: 0,
        analytics: 0,
        confirm_below_use: true,
      },
      { token: admin },
    );
    expect(limits.statusCode, limits.body).toBe(200);
    const ext = await t.db.kysely
      .selectFrom('extensions')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .executeTakeFirstOrThrow();
    const refused = await t.call(
      'updateAndGetExtension',
      { tenant_id: TENANT, id: ext.id, column_name: 'mobile_app_allowed', value: 'true' },
      { token: admin },
    );
    expect(refused.statusCode).toBe(409);
    await drain();
    expect(await t.db.kysely.selectFrom('webhook_events').select('id').execute()).toHaveLength(before.length);
    expect(rx.received).toHaveLength(0);
    expect(
      await t.db.kysely.selectFrom('extensions').select('id').where('firstname', '=', 'Rolled').execute(),
    ).toHaveLength(0);
    await disable(endpoint.id);
  });

  it('refuses endpoint management out of scope (403/404) and changes nothing', async () => {
    const rx = await receiver();
    const other = await createEndpoint(rx.url, ['extension.created'], { scope_type: 'tenant', scope_id: OTHER });
    const own = await t.call(
      'webhookCreate',
      { scope_type: 'reseller', scope_id: String(resellerId), url: rx.url, events: ['app.revoked'] },
      { token: seller },
    );
    expect(own.statusCode, own.body).toBe(200);
    const list = (await t.call('webhookEndpoints', {}, { token: seller })).json<{ id: number }[]>();
    expect(list.map((e) => e.id)).not.toContain(other.endpoint.id);
    expect(list.map((e) => e.id)).toContain(own.json<{ endpoint: { id: number } }>().endpoint.id);
    const snapshot = () => t.db.kysely.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
    const before = await snapshot();
    const id = other.endpoint.id;
    for (const [name, body] of [
      ['webhookUpdate', { id, url: 'http://127.0.0.1:9/x' }],
      ['webhookRotateSecret', { id }],
      ['webhookDelete', { id }],
      ['webhookTest', { id }],
      ['webhookDeliveries', { id }],
    ] as const)
      expect((await t.call(name, body, { token: seller })).statusCode, name).toBe(404);
    const outOfScope = [
      { scope_type: 'tenant', scope_id: OTHER },
      { scope_type: 'reseller', scope_id: String(resellerId + 1000) },
    ];
    for (const scope of outOfScope)
      expect(
        (await t.call('webhookCreate', { ...scope, url: rx.url, events: ['app.revoked'] }, { token: seller }))
          .statusCode,
      ).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect((await t.call('webhookEndpoints', {})).statusCode).toBe(401);
    await disable(id);
  });

  it('refuses bad URLs with a 400 in the caller’s language and creates nothing', async () => {
    const count = async () => (await t.db.kysely.selectFrom('webhook_endpoints').select('id').execute()).length;
    const before = await count();
    const cases: [string, string][] = [
      ['ftp://127.0.0.1/hook', 'webhookUrlInvalid'],
      ['javascript:alert(1)', 'webhookUrlInvalid'],
      ['not a url', 'webhookUrlInvalid'],
      ['http://user:pw@127.0.0.1:9/hook', 'webhookUrlInvalid'],
      ['https://portal.example.test/api/hook', 'webhookUrlSelf'],
      ['http://127.0.0.1:8123/api/v1/webhookTest', 'webhookUrlSelf'],
      ['http://localhost:8123/x', 'webhookUrlSelf'],
      ['http://no-such-host.invalid/hook', 'webhookUrlUnresolved'],
    ];
    for (const [url, key] of cases) {
      const res = await t.call(
        'webhookCreate',
        { scope_type: 'tenant', scope_id: TENANT, url, events: ['app.invited'] },
        { token: admin, lang: 'fr' },
      );
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toBe(formatMessage('fr', key as never));
    }
    const noEvents = await t.call(
      'webhookCreate',
      { scope_type: 'tenant', scope_id: TENANT, url: 'http://127.0.0.1:9/', events: [] },
      { token: admin },
    );
    expect(noEvents.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('holds the per-scope limit under parallel creations', async () => {
    const now = Date.now();
    const rid = (
      await t.db.kysely
        .insertInto('resellers')
        .values({ name: 'Limit', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const results = await Promise.all(
      Array.from({ length: 14 }, () =>
        t.call(
          'webhookCreate',
          {
            scope_type: 'reseller',
            scope_id: String(rid),
            url: 'http://127.0.0.1:9/h',
            events: ['app.invited'],
            enabled: false,
          },
          { token: admin },
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(4);
  });

  it('sends a test event and turns an endpoint off after repeated failures, with a dashboard notice', async () => {
    const rx = await receiver();
    const { endpoint, secret } = await createEndpoint(rx.url, ['app.revoked']);
    const queued = await t.call('webhookTest', { id: endpoint.id }, { token: admin });
    expect(queued.statusCode).toBe(200);
    await drainUntil('the test event', () => rx.received.length === 1);
    expect(rx.received[0]).toMatchObject({ event: 'webhook.test', delivery: queued.json().delivery_id });
    expect(verifySignature(secret, rx.received[0]!.signature, rx.received[0]!.body)).toBe(true);
    const dash = async () =>
      (await t.call('dashboardSummary', {}, { token: admin })).json<{ webhooks_disabled: number }>();
    expect((await dash()).webhooks_disabled).toBe(0);
    rx.answer = () => 503;
    await t.call('webhookTest', { id: endpoint.id }, { token: admin });
    await drainUntil('the endpoint to be turned off', async () => {
      const row = await t.db.kysely
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', endpoint.id)
        .executeTakeFirstOrThrow();
      return row.enabled === 0;
    });
    const row = (await t.call('webhookEndpoints', {}, { token: admin })).json<
      { id: number; enabled: boolean; disabled_reason: string }[]
    >();
    expect(row.find((e) => e.id === endpoint.id)).toMatchObject({ enabled: false, disabled_reason: 'failures' });
    expect(rx.received.filter((r) => r.answered === 503)).toHaveLength(3);
    expect((await dash()).webhooks_disabled).toBe(1);
    // The reseller user sees the notice for their tenant's endpoint too.
    expect((await t.call('dashboardSummary', {}, { token: seller })).json().webhooks_disabled).toBe(1);
    rx.answer = () => 200;
    await t.call('webhookUpdate', { id: endpoint.id, enabled: true }, { token: admin });
    expect((await dash()).webhooks_disabled).toBe(0);
    await drainUntil('the pending test event after re-enabling', () => rx.received.at(-1)?.answered === 200);
    await disable(endpoint.id);
  });
});
