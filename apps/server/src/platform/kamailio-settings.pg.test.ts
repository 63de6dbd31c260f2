import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import {
  KAMAILIO_PG_CFG,
  type Kamailio,
  ensureSipTools,
  freeTcpPort,
  freeUdpPort,
  kamailioPgUrl,
  startKamailio,
} from '../../test/kamailio/sip-tools';
import { kamailioRpc } from './kamailio-rpc';

// Runs in the postgres project only (*.pg.test.ts): the call settings tabs on PLATFORM=kamailio, written to Kamailio's
// provisio_call_settings table (deploy/kamailio/provisio-extra.sql) on the throwaway cluster's "kamailio" database and
// reloaded into a real Kamailio (deploy/kamailio/kamailio.cfg) through its JSON-RPC (htable.reload ["cs"]); the test
// reads Kamailio's memory back with htable.dump.
const KAM_URL = kamailioPgUrl();
const DOMAIN = `cs-${randomBytes(4).toString('hex')}.example`;
const TENANT = `cs-${randomBytes(3).toString('hex')}`;
const B = { extension: '7102', email: `b@${DOMAIN}`, password: 'CallSet!tings-2026' };
const OTHER = '7103';
const AOR = `${B.extension}@${DOMAIN}`;

let dir: string;
let kam: Kamailio;
let rpcUrl: string;
let t: TestApp;
let appToken: string;

async function kamQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: KAM_URL });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/** The rows of this test's domain, as `key_name = key_value (value_type)`, sorted. */
async function rows(): Promise<string[]> {
  const r = await kamQuery<{
    key_name: string;
    key_value: string;
    value_type: number;
    key_type: number;
    expires: number;
  }>(
    'SELECT key_name, key_value, value_type, key_type, expires FROM provisio_call_settings WHERE key_name LIKE $1 ORDER BY key_name',
    [`%${DOMAIN}%`],
  );
  for (const row of r) expect([row.key_type, row.expires]).toEqual([0, 0]);
  return r.map((row) => `${row.key_name} = ${row.key_value} (${row.value_type})`);
}

/** What Kamailio holds in memory for this test's domain (htable.dump), in the same form. */
async function loaded(): Promise<string[]> {
  const dump = await kamailioRpc<{ slot: { name: string; value: string | number; type: string }[] }[]>(
    rpcUrl,
    'htable.dump',
    ['cs'],
  );
  return dump
    .flatMap((e) => e.slot)
    .filter((s) => s.name.includes(DOMAIN))
    .map((s) => `${s.name} = ${s.value} (${s.type === 'int' ? 1 : 0})`)
    .sort();
}

async function startKam(rpcPort: number): Promise<Kamailio> {
  return startKamailio({
    port: await freeUdpPort(),
    dbUrl: KAM_URL,
    workDir: dir,
    cfg: KAMAILIO_PG_CFG,
    defines: ['USRLOC_DB_MODE=3'],
    rpcPort,
  });
}

const call = (app: TestApp, name: string, body: unknown, token: string, lang?: string) =>
  app.app.inject({
    method: 'POST',
    url: `/api/v1/${name}`,
    headers: { 'app-token': token, ...(lang ? { 'accept-language': lang } : {}) },
    payload: body as object,
  });

/** Tenant with two extensions (in this portal database), B's app account linked and signed in: its app token. */
async function setUp(app: TestApp): Promise<string> {
  const admin = await app.login();
  expect(
    (await app.call('createTenant', { tid: TENANT, tname: TENANT, domain: DOMAIN, site_name: 'HQ' }, { token: admin }))
      .statusCode,
  ).toBe(200);
  for (const extension of [B.extension, OTHER]) {
    const res = await app.call(
      'createExtension',
      {
        tenant_id: TENANT,
        extension,
        domain: DOMAIN,
        site_name: 'HQ',
        firstname: 'Call',
        lastname: `Settings ${extension}`,
        email: '',
        admin: false,
      },
      { token: admin },
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  const link = await app.call(
    'linkExtension',
    {
      email: B.email,
      did: '+15557102',
      pin: '246813',
      password: 'Temp!pw12',
      extension: B.extension,
      tenant_id: TENANT,
    },
    { token: admin },
  );
  expect(link.statusCode, link.body).toBe(200);
  expect(
    (await app.call('changeAppPassword', { username: B.email, old_password: 'Temp!pw12', new_password: B.password }))
      .statusCode,
  ).toBe(200);
  const login = await app.call('appLogin', { username: B.email, password: Buffer.from(B.password).toString('base64') });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().app_token as string;
}

const off = { enabled: false, number: '' };
const callControl = {
  dnd: true,
  call_waiting: false,
  forward_always: { enabled: true, number: '7103' },
  forward_busy: { enabled: true, number: '+15550123' },
  forward_no_answer: { enabled: true, number: '200', ring_seconds: 25 },
};
const callControlKeys = [
  `dnd::${AOR} = 1 (1)`,
  `fwd_always::${AOR} = 7103 (0)`,
  `fwd_busy::${AOR} = +15550123 (0)`,
  `fwd_na::${AOR} = 200 (0)`,
  `fwd_na_t::${AOR} = 25 (1)`,
  `nocw::${AOR} = 1 (1)`,
];
const blocked = { numbers: ['+15550000', '7103', '+15550000'], block_anonymous: true };
const blockedKeys = [`block::${AOR}::+15550000 = 1 (1)`, `block::${AOR}::7103 = 1 (1)`, `block_anon::${AOR} = 1 (1)`];

beforeAll(async () => {
  ensureSipTools();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-cs-'));
  // Another extension's keys, which no save of B may touch (a look-alike AOR too: the blocked-number pattern is exact).
  await kamQuery(
    "INSERT INTO provisio_call_settings (key_name, value_type, key_value) VALUES ($1, 1, '1'), ($2, 1, '1')",
    [`dnd::${OTHER}@${DOMAIN}`, `block::${AOR}.other::555`],
  );
  const rpcPort = await freeTcpPort();
  rpcUrl = `http://127.0.0.1:${rpcPort}/RPC`;
  kam = await startKam(rpcPort);
  t = await startTestApp({ PLATFORM: 'kamailio', KAMAILIO_DB_URL: KAM_URL, KAMAILIO_RPC_URL: rpcUrl });
  appToken = await setUp(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await kam?.stop();
  await kamQuery('DELETE FROM provisio_call_settings WHERE key_name LIKE $1', [`%${DOMAIN}%`]).catch(() => undefined);
  for (const table of ['location', 'subscriber'])
    await kamQuery(`DELETE FROM ${table} WHERE domain = $1`, [DOMAIN]).catch(() => undefined);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('call settings on Kamailio (htable cs, reloaded through RPC)', () => {
  const others = [`block::${AOR}.other::555 = 1 (1)`, `dnd::${OTHER}@${DOMAIN} = 1 (1)`];

  it('says per tab what saving does: applied, stored, or unavailable with the reason in the caller language', async () => {
    const expected: Record<string, [string, boolean]> = {
      appSettings: ['stored', false],
      accountSettings: ['stored', false],
      callControlSettings: ['applied', false],
      blockedNumbersSettings: ['applied', false],
      callGroupsSettings: ['unavailable', true],
      schedulesSettings: ['unavailable', true],
      voicemailSettings: ['unavailable', true],
    };
    for (const [tab, [availability, readOnly]] of Object.entries(expected)) {
      const res = await call(t, 'getAppSettings', { tab }, appToken);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), tab).toMatchObject({ availability, read_only: readOnly });
    }
    expect((await call(t, 'getAppSettings', { tab: 'voicemailSettings' }, appToken)).json().availability_message).toBe(
      'This telephony platform has no media server: these settings cannot take effect here, so they cannot be changed.',
    );
    expect(
      (await call(t, 'getAppSettings', { tab: 'callGroupsSettings' }, appToken, 'fr')).json().availability_message,
    ).toBe(
      "Cette plateforme téléphonique n'a pas de groupes d'appel : l'appartenance ne peut pas s'appliquer ici, elle n'est donc pas modifiable.",
    );
    expect(
      (await call(t, 'getAppSettings', { tab: 'callControlSettings' }, appToken)).json().availability_message,
    ).toBeUndefined();
  });

  it('call control writes exactly the agreed keys and Kamailio loads them at once', async () => {
    const res = await call(t, 'saveAppSettings', { tab: 'callControlSettings', values: callControl }, appToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ availability: 'applied', values: callControl });
    expect(await rows()).toEqual([...callControlKeys, ...others].sort());
    expect(await loaded()).toEqual([...callControlKeys, ...others].sort());
  });

  it('blocked numbers add their keys (each number once) and keep the call control ones', async () => {
    const res = await call(t, 'saveAppSettings', { tab: 'blockedNumbersSettings', values: blocked }, appToken);
    expect(res.statusCode, res.body).toBe(200);
    const all = [...callControlKeys, ...blockedKeys, ...others].sort();
    expect(await rows()).toEqual(all);
    expect(await loaded()).toEqual(all);
  });

  it('turning call control off removes its keys; defaults need none', async () => {
    const values = {
      dnd: false,
      call_waiting: true,
      forward_always: off,
      forward_busy: off,
      forward_no_answer: { ...off, ring_seconds: 20 },
    };
    expect((await call(t, 'saveAppSettings', { tab: 'callControlSettings', values }, appToken)).statusCode).toBe(200);
    expect(await rows()).toEqual([...blockedKeys, ...others].sort());
    expect(await loaded()).toEqual([...blockedKeys, ...others].sort());
    expect(
      (await call(t, 'saveAppSettings', { tab: 'callControlSettings', values: callControl }, appToken)).statusCode,
    ).toBe(200);
  });

  it('saves at the same moment: each one whole, the table ending as the portal does', async () => {
    const saves = ['111', '222', '333', '444', '555'].map((n) =>
      call(
        t,
        'saveAppSettings',
        { tab: 'blockedNumbersSettings', values: { numbers: [n, `${n}9`], block_anonymous: n === '333' } },
        appToken,
      ),
    );
    for (const res of await Promise.all(saves)) expect(res.statusCode, res.body).toBe(200);
    const held = (await call(t, 'getAppSettings', { tab: 'blockedNumbersSettings' }, appToken)).json().values as {
      numbers: string[];
      block_anonymous: boolean;
    };
    const keys = [
      ...held.numbers.map((n) => `block::${AOR}::${n} = 1 (1)`),
      ...(held.block_anonymous ? [`block_anon::${AOR} = 1 (1)`] : []),
    ];
    expect(await rows()).toEqual([...callControlKeys, ...keys, ...others].sort());
    expect(await loaded()).toEqual([...callControlKeys, ...keys, ...others].sort());
    expect(
      (await call(t, 'saveAppSettings', { tab: 'blockedNumbersSettings', values: blocked }, appToken)).statusCode,
    ).toBe(200);
  });

  it('tabs Kamailio cannot enforce are refused with the reason, nothing stored', async () => {
    const cases: [string, object, string][] = [
      [
        'voicemailSettings',
        { enabled: true, pin: '9753', email_notification: false, email: '', attach_audio: false },
        'This telephony platform has no media server: these settings cannot take effect here, so they cannot be changed.',
      ],
      [
        'schedulesSettings',
        { schedules: [] },
        'This telephony platform has no media server: these settings cannot take effect here, so they cannot be changed.',
      ],
      [
        'callGroupsSettings',
        { groups: ['HQ'] },
        'This telephony platform has no call groups: membership cannot take effect here, so it cannot be changed.',
      ],
    ];
    for (const [tab, values, message] of cases) {
      const res = await call(t, 'saveAppSettings', { tab, values }, appToken);
      expect(res.statusCode, tab).toBe(403);
      expect(res.json().error.message, tab).toBe(message);
    }
    expect((await call(t, 'getAppSettings', { tab: 'voicemailSettings' }, appToken)).json().values.pin).toBe('246813');
    expect(
      await t.db.kysely
        .selectFrom('builtin_app_settings')
        .select('tab')
        .where('tenant_id', '=', TENANT)
        .orderBy('tab')
        .execute(),
    ).toEqual([{ tab: 'blockedNumbersSettings' }, { tab: 'callControlSettings' }]);
  });

  it('app preferences are stored in the portal and never reach Kamailio', async () => {
    const values = { language: 'es', theme: 'dark', ringtone: 'Marimba', vibrate: false, start_on_boot: true };
    const res = await call(t, 'saveAppSettings', { tab: 'appSettings', values }, appToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ availability: 'stored', values });
    expect(await rows()).toEqual([...callControlKeys, ...blockedKeys, ...others].sort());
  });

  it('without KAMAILIO_RPC_URL the enforced tabs cannot be changed (403, said on the page), nothing written', async () => {
    const noRpc = await startTestApp({ PLATFORM: 'kamailio', KAMAILIO_DB_URL: KAM_URL });
    try {
      const token = await setUp(noRpc);
      const get = (await call(noRpc, 'getAppSettings', { tab: 'callControlSettings' }, token, 'es')).json();
      expect(get).toMatchObject({ availability: 'unavailable', read_only: true });
      expect(get.availability_message).toBe(
        'El portal no está conectado a la interfaz de control del servidor SIP: estos ajustes no pueden aplicarse aquí, así que no se pueden cambiar.',
      );
      const res = await call(
        noRpc,
        'saveAppSettings',
        { tab: 'blockedNumbersSettings', values: { numbers: ['123'], block_anonymous: false } },
        token,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(
        "The portal is not connected to the SIP server's control interface: these settings cannot take effect here, so they cannot be changed.",
      );
      expect(await rows()).toEqual([...callControlKeys, ...blockedKeys, ...others].sort());
    } finally {
      await noRpc.close();
    }
  });

  it('Kamailio not answering the reload: 424, the previous keys back in the table, the portal value unchanged', async () => {
    const before = await rows();
    await kam.stop();
    const res = await call(
      t,
      'saveAppSettings',
      { tab: 'blockedNumbersSettings', values: { numbers: ['999'], block_anonymous: false } },
      appToken,
    );
    expect(res.statusCode, res.body).toBe(424);
    expect(res.json().error.message).toBe(
      'The SIP server did not confirm these settings, so nothing was changed. Try again later.',
    );
    expect(await rows()).toEqual(before);
    expect((await call(t, 'getAppSettings', { tab: 'blockedNumbersSettings' }, appToken)).json().values).toEqual(
      blocked,
    );
    // Kamailio back: it loads the table as the portal left it, and the next save works.
    kam = await startKam(Number(new URL(rpcUrl).port));
    expect(await loaded()).toEqual(before);
    const again = await call(
      t,
      'saveAppSettings',
      { tab: 'blockedNumbersSettings', values: { numbers: ['999'], block_anonymous: false } },
      appToken,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await loaded()).toEqual([...callControlKeys, `block::${AOR}::999 = 1 (1)`, ...others].sort());
  });

  it('an extension moved to another domain: its keys follow it to the new AOR', async () => {
    const before = await rows();
    const moved = `moved.${DOMAIN}`;
    await t.db.kysely
      .updateTable('builtin_extensions')
      .set({ domain: moved })
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', B.extension)
      .execute();
    await t.deps.connector.appSettings!.extensionMoved!(TENANT, B.extension, DOMAIN);
    const after = before
      .map((r) => (others.includes(r) ? r : r.replace(`::${AOR}`, `::${B.extension}@${moved}`)))
      .sort();
    expect(after.filter((r) => r.includes(moved))).toHaveLength(before.length - others.length);
    expect(await rows()).toEqual(after);
    expect(await loaded()).toEqual(after);
    await t.db.kysely
      .updateTable('builtin_extensions')
      .set({ domain: DOMAIN })
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', B.extension)
      .execute();
    await t.deps.connector.appSettings!.extensionMoved!(TENANT, B.extension, moved);
    expect(await loaded()).toEqual(before);
  });

  it('an extension deleted (deleteExtension, as an administrator): its keys leave the table and Kamailio, its stored tabs go', async () => {
    const deleted = await t.call(
      'deleteExtension',
      { tenant_id: TENANT, extension: B.extension },
      { token: await t.login() },
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await rows()).toEqual(others);
    expect(await loaded()).toEqual(others);
    expect(
      await t.db.kysely.selectFrom('builtin_app_settings').select('tab').where('tenant_id', '=', TENANT).execute(),
    ).toEqual([]);
  });
});
