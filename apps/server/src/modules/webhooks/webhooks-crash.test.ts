import { afterEach, describe, expect, it } from 'vitest';
import { WebhookReceiver, verifySignature } from '../../../test/webhook-receiver';
import { type ServerProcess, type Store, freshStore, spawnServer, until } from '../../reliability/server-process';

/**
 * A real portal process (server.ts under tsx) SIGKILLed while a webhook is in flight: the receiver holds the first
 * request's answer, the portal dies, a new process takes the delivery over once its lease has expired and sends it
 * again with the same X-Provisio-Delivery id. Every event ends delivered exactly once per delivery id, in order.
 */
const TENANT = 'crash-hooks.example';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

const ENV = {
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  WEBHOOK_POLL_MS: '100',
  // The held request must not time out before the kill (a loaded machine takes seconds to create the extensions);
  // the lease is the timeout plus a second, so the new process takes the delivery over about 9 s after the kill.
  WEBHOOK_TIMEOUT_MS: '8000',
  WEBHOOK_LEASE_MS: '1500',
  WEBHOOK_BACKOFF_MS: '50',
};

async function start(store: Store): Promise<ServerProcess> {
  const s = await spawnServer({ ...store.env, ...ENV });
  cleanups.push(() => s.kill());
  return s;
}

describe('webhooks and a crash', () => {
  it('SIGKILL mid-delivery: after a restart every event is delivered once per delivery id, in order', async () => {
    const store = await freshStore();
    cleanups.push(() => store.dispose());
    const rx = await new WebhookReceiver().start();
    cleanups.push(() => rx.close());
    // The first request is held (never answered) until the portal has been killed; then every answer is 200.
    let killed = false;
    rx.answer = () => (killed ? 200 : 'hold');
    const s1 = await start(store);
    const token = await s1.login();
    const tenant = await s1.call(
      'createTenant',
      { tid: TENANT, tname: 'Hooks', domain: TENANT, site_name: 'Main' },
      token,
    );
    expect(tenant.status).toBe(200);
    const created = await s1.call<{ secret: string }>(
      'webhookCreate',
      { scope_type: 'tenant', scope_id: TENANT, url: rx.url, events: ['extension.created'] },
      token,
    );
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const exts = ['401', '402', '403'];
    for (const extension of exts) {
      const res = await s1.call(
        'createExtension',
        { tenant_id: TENANT, extension, domain: TENANT, site_name: 'Main', firstname: 'K', lastname: 'L' },
        token,
      );
      expect(res.status).toBe(200);
    }
    await until('the first delivery to be in flight', async () => rx.received.length >= 1, 30_000);
    await s1.kill();
    killed = true;
    expect(rx.received).toHaveLength(1);
    const atKill = await store.db.kysely.selectFrom('webhook_deliveries').selectAll().orderBy('id').execute();
    expect(atKill.map((d) => d.status)).toEqual(['pending', 'pending', 'pending']);
    expect(atKill[0]!.lease_owner).not.toBeNull();

    await start(store);
    await until(
      'every delivery to be delivered',
      async () => {
        const rows = await store.db.kysely.selectFrom('webhook_deliveries').select('status').execute();
        return rows.length === 3 && rows.every((r) => r.status === 'delivered');
      },
      60_000,
      100,
    );
    const byDelivery = new Map<string, string>();
    for (const r of rx.received) {
      expect(verifySignature(created.json.secret, r.signature, r.body)).toBe(true);
      const prev = byDelivery.get(r.delivery);
      if (prev) expect(prev).toBe(r.json.id);
      byDelivery.set(r.delivery, r.json.id);
    }
    // One delivery id per event, each event once; the one in flight at the kill came twice with the same id.
    expect(byDelivery.size).toBe(3);
    expect(new Set(byDelivery.values()).size).toBe(3);
    expect(rx.received).toHaveLength(4);
    expect(rx.received[0]!.delivery).toBe(rx.received[1]!.delivery);
    // In order: a receiver that keeps the first copy of each delivery id sees the extensions as they were made.
    const firstCopies = rx.received.filter((r, i) => rx.received.findIndex((x) => x.delivery === r.delivery) === i);
    expect(firstCopies.map((r) => r.json.data.extension)).toEqual(exts);
    const rows = await store.db.kysely.selectFrom('webhook_deliveries').selectAll().orderBy('id').execute();
    expect(rows.map((d) => d.attempts)).toEqual([2, 1, 1]);
  }, 180_000);
});
