import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';
import { WebhookReceiver } from '../../../test/webhook-receiver';
import { deliveryWorker } from './delivery-worker';
import { noteRegistrations } from './watchers';

/**
 * The events other services emit (issue #18 item 3), each received by a real HTTP receiver on loopback: an extension
 * edited, an import finished (once, from its job), a licence going above 90 % (once, again only after it fell back)
 * and registrations lost and back as the portal observes them.
 */
let t: TestApp;
let admin: string;
let rx: WebhookReceiver;
const TENANT = 'events.example';

const drain = () => deliveryWorker(t.deps, t.app.log).drain();
const ofType = (type: string) => rx.received.filter((r) => r.event === type);
async function until(what: string, ok: () => boolean): Promise<void> {
  const start = Date.now();
  while (!ok()) {
    await drain();
    if (Date.now() - start > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  t = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_BACKOFF_MS: '10' });
  admin = await t.login();
  rx = await new WebhookReceiver().start();
  const tenant = await t.call(
    'createTenant',
    { tid: TENANT, tname: 'Events', domain: TENANT, site_name: 'Main' },
    { token: admin },
  );
  expect(tenant.statusCode, tenant.body).toBe(200);
  const events = ['extension.updated', 'import.finished', 'licence.above_90', 'registration.lost', 'registration.back'];
  const res = await t.call(
    'webhookCreate',
    { scope_type: 'tenant', scope_id: TENANT, url: rx.url, events },
    { token: admin },
  );
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await rx?.close();
  await t?.close();
});

describe('webhook events from the services', () => {
  it('import.finished once per import, from its job; extension.updated on an edit', async () => {
    const rows = ['501', '502', '503'].map((e) => ({
      Extension: e,
      Domain: TENANT,
      'Site Name': 'Main',
      'First Name': 'Imp',
      'Last Name': e,
      Admin: 'false',
      Email: '',
      Linked: 'false',
      'Mobile App Allowed': 'false',
      'Desktop App Allowed': 'false',
      tenantid: TENANT,
    }));
    const res = await t.call('extensionsImport', rows, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    await t.deps.jobs.drain();
    await until('import.finished', () => ofType('import.finished').length === 1);
    expect(ofType('import.finished')[0]!.json.data).toMatchObject({
      job_id: res.json().job_id,
      applied: 3,
      skipped: 0,
    });
    const edit = await t.call(
      'editUserDetails',
      {
        tenant_id: TENANT,
        extension: '501',
        user_details: { firstName: 'Edited', lastName: 'X', emailAddress: 'edited@events.example' },
      },
      { token: admin },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    await until('extension.updated', () => ofType('extension.updated').length === 1);
    expect(ofType('extension.updated')[0]!.json.data).toMatchObject({ extension: '501', firstname: 'Edited' });
    expect(ofType('import.finished')).toHaveLength(1);
  });

  it('licence.above_90 once when use passes 90 % of the limit, again only after it fell back', async () => {
    const save = (mobile: number) =>
      t.call(
        'createUpdateLicenses',
        {
          tenant_id: TENANT,
          vcx_mobile: mobile,
          vcx_desktop: 10,
          call_monitor: 0,
          call_recording: 0,
          analytics: 0,
          confirm_below_use: true,
        },
        { token: admin },
      );
    expect((await save(2)).statusCode).toBe(200);
    const ids = await t.db.kysely
      .selectFrom('extensions')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .orderBy('id')
      .execute();
    const toggle = (id: number, on: boolean) =>
      t.call(
        'updateAndGetExtension',
        { tenant_id: TENANT, id, column_name: 'mobile_app_allowed', value: String(on) },
        { token: admin },
      );
    expect((await toggle(ids[0]!.id, true)).statusCode).toBe(200); // 1 of 2: 50 %
    await drain();
    expect(ofType('licence.above_90')).toHaveLength(0);
    expect((await toggle(ids[1]!.id, true)).statusCode).toBe(200); // 2 of 2: 100 %
    expect((await save(2)).statusCode).toBe(200); // still above: no second event
    await until('licence.above_90', () => ofType('licence.above_90').length === 1);
    expect(ofType('licence.above_90')[0]!.json.data).toEqual({ app: 'mobile', used: 2, limit: 2 });
    expect((await save(10)).statusCode).toBe(200); // 20 %: below again
    expect((await save(2)).statusCode).toBe(200); // above again: a new event
    await until('a second licence.above_90', () => ofType('licence.above_90').length === 2);
  });

  it('registration.lost and .back on a change the portal observes; the first sighting is a baseline', async () => {
    const seen = (registered: boolean) => [
      { extension: '502', registered },
      { extension: '503', registered: true },
    ];
    await noteRegistrations(t.deps, TENANT, seen(true));
    await noteRegistrations(t.deps, TENANT, seen(true));
    await drain();
    expect(ofType('registration.lost')).toHaveLength(0);
    await Promise.all([noteRegistrations(t.deps, TENANT, seen(false)), noteRegistrations(t.deps, TENANT, seen(false))]);
    await noteRegistrations(t.deps, TENANT, seen(true));
    await until('lost and back', () => ofType('registration.back').length === 1);
    expect(ofType('registration.lost').map((r) => r.json.data)).toEqual([{ extension: '502' }]);
    expect(ofType('registration.back').map((r) => r.json.data)).toEqual([{ extension: '502' }]);
  });
});
