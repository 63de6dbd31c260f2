import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely, KyselyPlugin } from 'kysely';
import type { ExtensionRow } from '@provisio/contract';
import type { Database } from '../../db/schema';
import { rawRowsOf } from '../../db/raw-rows';
import { type TestApp, startTestApp } from '../../../test/harness';
import { listTenantExtensions } from './extensions.repository';

/**
 * Issue #17 item 4: the subscribers screen's pages (default sort, no search or filter) are one compiled statement
 * read as arrays (extensions.first-page.ts). They must give exactly what the general path gives: the unpaged list
 * (runList, then withLifecycle's own revoked look-up) is the reference, sliced.
 */
let t: TestApp;
let token: string;
const TENANT = 'northwind.example';
const OTHER = 'acme.example';
const ADDED = 260;

async function addExtensions(tenant: string, n: number, from: number) {
  const now = Date.now();
  const rows = Array.from({ length: n }, (_, i) => ({
    tenant_id: tenant,
    // Lengths differ, so the padded sort differs from the text sort.
    extension: i % 4 === 0 ? `7${from + i}` : String(80_000 + from + i),
    domain: tenant,
    site_name: i % 2 ? 'Main' : 'Annex',
    firstname: `Fé${i} "quoted" \\ back`,
    lastname: `L${i}`,
    email: `page${from + i}@${tenant}`,
    admin: (i % 7 === 0 ? 1 : 0) as 0 | 1,
    linked: (i % 3 === 0 ? 1 : 0) as 0 | 1,
    mobile_app_allowed: (i % 5 === 0 ? 1 : 0) as 0 | 1,
    desktop_app_allowed: 0 as const,
    mobile_phone: '',
    home_phone: '',
    pin: '',
    sip_password: 'x',
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 100)
    await t.db.kysely
      .insertInto('extensions')
      .values(rows.slice(i, i + 100))
      .execute();
}

/** An app account for the extension with an activation, revoked or not. */
async function activation(tenant: string, extension: string, revoked: boolean) {
  const now = Date.now();
  // A linked demo extension has its own app account (issue #20): this one replaces it.
  await t.db.kysely
    .deleteFrom('app_accounts')
    .where('tenant_id', '=', tenant)
    .where('extension', '=', extension)
    .execute();
  const { id } = await t.db.kysely
    .insertInto('app_accounts')
    .values({
      cloud_id: t.deps.config.CLOUD_ID,
      username: `${extension}.${tenant}@first-page.test`,
      password_hash: 'x',
      tenant_id: tenant,
      extension,
      did: '',
      must_change_password: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.kysely
    .insertInto('app_activations')
    .values({
      app_account_id: id,
      secret_hash: `h${id}`,
      previous_hash: '',
      previous_until: 0,
      issued_at: now,
      first_used_at: null,
      revoked_at: revoked ? now : null,
    })
    .execute();
}

/** An invitation of the extension whose mail is in this state. */
async function invite(extension: string, status: 'queued' | 'sent' | 'failed' | 'logged', state = 'invited') {
  const now = Date.now();
  const { id } = await t.db.kysely
    .insertInto('mail_messages')
    .values({
      kind: 'invite',
      to_addr: 'x@example.com',
      cc: '',
      subject: 's',
      text_body: 'b',
      html_body: null,
      attachments: null,
      status,
      attempts: 0,
      last_error: null,
      next_attempt_at: now,
      claimed_at: null,
      created_at: now,
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.kysely
    .updateTable('extensions')
    .set({ invite_state: state as 'invited', invited_at: now, invite_mail_id: id })
    .where('tenant_id', '=', TENANT)
    .where('extension', '=', extension)
    .execute();
}

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  token = await t.login();
  await addExtensions(TENANT, ADDED, 0);
  // The same extension numbers in another tenant: its revoked apps must not show here.
  await addExtensions(OTHER, 20, 0);
  const exts = (
    await t.db.kysely.selectFrom('extensions').select('extension').where('tenant_id', '=', TENANT).execute()
  )
    .map((e) => e.extension)
    .sort();
  const ext = (i: number) => {
    const e = exts[i];
    if (e === undefined) throw new Error(`no extension ${i}`);
    return e;
  };
  for (const e of exts.slice(0, 6)) await activation(TENANT, e, true);
  for (const e of exts.slice(6, 9)) await activation(TENANT, e, false);
  for (const e of ['70', '80001', '80002']) await activation(OTHER, e, true);
  await invite(ext(10), 'queued');
  await invite(ext(11), 'sent');
  await invite(ext(12), 'failed');
  await invite(ext(13), 'logged', 'qr_opened');
  await invite(ext(0), 'sent', 'provisioned');
}, 60_000);
afterAll(() => t.close());

const call = (body: object) => t.call('getExtensions', { tenant_id: TENANT, ...body }, { token });
/** The general path's whole list (no limit), in one order. */
const whole = async (order: 'asc' | 'desc') => (await call({ order })).json() as ExtensionRow[];

describe('getExtensions first pages (one compiled statement) against the general path', () => {
  it('every page, both orders, with and without sort "extension", equals the slice of the whole list', async () => {
    const asc = await whole('asc');
    const desc = await whole('desc');
    expect(asc.length).toBeGreaterThan(ADDED);
    expect(desc.map((r) => r.id)).toEqual([...asc].reverse().map((r) => r.id));
    // The data has what the page must carry: revoked apps (this tenant's only), invitations and their mail states.
    expect(asc.filter((r) => r.lifecycle === 'revoked')).toHaveLength(6);
    expect(new Set(asc.map((r) => r.invite_status))).toEqual(new Set([null, 'queued', 'sent', 'failed']));
    for (const [order, list] of [
      ['asc', asc],
      ['desc', desc],
    ] as const) {
      for (const offset of [0, 1, 50, 100, asc.length - 7]) {
        for (const sort of [undefined, 'extension']) {
          const res = await call({ limit: 50, offset, order, ...(sort ? { sort } : {}) });
          expect(res.statusCode).toBe(200);
          expect(res.headers['x-total-count']).toBe(String(asc.length));
          expect(res.json()).toEqual(list.slice(offset, offset + 50));
        }
      }
    }
    // No order given: ascending; no offset: 0.
    expect((await call({ limit: 20 })).json()).toEqual(asc.slice(0, 20));
  });

  it('a page past the end is empty with the tenant total; an empty tenant gives [] and 0', async () => {
    const n = (await whole('asc')).length;
    const past = await call({ limit: 50, offset: n + 10 });
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(n));
    const empty = await t.call('getExtensions', { tenant_id: 'no-such-tenant.example', limit: 50 }, { token });
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
  });

  it('parallel pages of both orders each get their own values', async () => {
    const asc = await whole('asc');
    const desc = [...asc].reverse();
    const asks = Array.from({ length: 30 }, (_, i) => ({
      offset: (i * 37) % asc.length,
      order: i % 2 ? 'desc' : 'asc',
    }));
    await Promise.all(
      asks.map(async ({ offset, order }) => {
        const res = await call({ limit: 25, offset, order });
        expect(res.json()).toEqual((order === 'asc' ? asc : desc).slice(offset, offset + 25));
      }),
    );
  });

  it('a revocation, a new activation and a new extension show on the next page at once', async () => {
    const first = (await call({ limit: 50 })).json() as ExtensionRow[];
    const target = first.find((r) => r.lifecycle !== 'revoked');
    if (!target) throw new Error('no page row without a revoked app');
    await activation(TENANT, target.extension, true);
    const after = (await call({ limit: 50 })).json() as ExtensionRow[];
    expect(after.find((r) => r.id === target.id)?.lifecycle).toBe('revoked');
    await t.db.kysely
      .updateTable('app_activations')
      .set({ revoked_at: null })
      .where('app_account_id', 'in', (eb) =>
        eb
          .selectFrom('app_accounts')
          .select('id')
          .where('tenant_id', '=', TENANT)
          .where('extension', '=', target.extension),
      )
      .execute();
    expect(((await call({ limit: 50 })).json() as ExtensionRow[]).find((r) => r.id === target.id)?.lifecycle).toBe(
      target.lifecycle,
    );
    const before = Number((await call({ limit: 1 })).headers['x-total-count']);
    await addExtensions(TENANT, 1, 9000);
    expect((await call({ limit: 1 })).headers['x-total-count']).toBe(String(before + 1));
    expect(await whole('asc')).toEqual((await call({ limit: 1000 })).json());
  });

  it('read as arrays (raw rows) or through Kysely (a transaction, a Kysely with plugins): the same rows', async () => {
    const db = t.db.kysely as Kysely<Database>;
    expect(rawRowsOf(db)).toBeDefined();
    const noop: KyselyPlugin = { transformQuery: (a) => a.node, transformResult: async (a) => a.result };
    const viaKysely = db.withPlugin(noop);
    expect(rawRowsOf(viaKysely)).toBeUndefined();
    for (const params of [{ limit: 50 }, { limit: 50, offset: 120, order: 'desc' as const }]) {
      const raw = await listTenantExtensions(db, TENANT, params);
      expect(await listTenantExtensions(viaKysely, TENANT, params)).toEqual(raw);
      expect(await db.transaction().execute((trx) => listTenantExtensions(trx, TENANT, params))).toEqual(raw);
      expect(raw.rows).toHaveLength(50);
    }
  });
});
