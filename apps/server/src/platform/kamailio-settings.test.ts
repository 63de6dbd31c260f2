import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { createKamailioSqlite, ensureSipTools, freeTcpPort } from '../../test/kamailio/sip-tools';
import { blockedPattern, callSettingKeys } from './kamailio-settings-keys';

// The keys, and the portal's side of call settings on Kamailio with its SQLite database: no RPC configured, and an RPC
// where no Kamailio listens. A real Kamailio reloading them: kamailio-settings.pg.test.ts and -sip.pg.test.ts.
const off = { enabled: false, number: '' };
const AOR = '301@kam-cs.example';

describe('callSettingKeys', () => {
  it('gives exactly the agreed keys, each blocked number once', () => {
    const keys = callSettingKeys(
      AOR,
      {
        dnd: true,
        call_waiting: false,
        forward_always: { enabled: true, number: '302' },
        forward_busy: { enabled: true, number: '+15550123' },
        forward_no_answer: { enabled: true, number: '*97', ring_seconds: 25 },
      },
      { numbers: ['555', '+1555', '555'], block_anonymous: true },
    );
    expect(keys.map((k) => `${k.key_name}=${k.key_value}/${k.value_type}`)).toEqual([
      `dnd::${AOR}=1/1`,
      `nocw::${AOR}=1/1`,
      `fwd_always::${AOR}=302/0`,
      `fwd_busy::${AOR}=+15550123/0`,
      `fwd_na::${AOR}=*97/0`,
      `fwd_na_t::${AOR}=25/1`,
      `block::${AOR}::555=1/1`,
      `block::${AOR}::+1555=1/1`,
      `block_anon::${AOR}=1/1`,
    ]);
  });

  it('needs no key for the defaults, nor for tabs never saved; a forward switched off keeps no number', () => {
    const defaults = {
      dnd: false,
      call_waiting: true,
      forward_always: { enabled: false, number: '302' },
      forward_busy: off,
      forward_no_answer: { ...off, ring_seconds: 20 },
    };
    expect(callSettingKeys(AOR, defaults, { numbers: [], block_anonymous: false })).toEqual([]);
    expect(callSettingKeys(AOR, null, null)).toEqual([]);
  });

  it("matches an AOR's blocked numbers literally (LIKE wildcards escaped)", () => {
    expect(blockedPattern('1_2@a%b.example')).toBe('block::1\\_2@a\\%b.example::%');
    expect(blockedPattern('a\\b')).toBe('block::a\\\\b::%');
  });
});

describe('call settings on Kamailio with an SQLite database, through the portal', () => {
  let dir: string;
  let kamDb: string;
  const apps: TestApp[] = [];

  beforeAll(() => {
    ensureSipTools();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-kam-cs-'));
    kamDb = path.join(dir, 'kamailio.db');
    createKamailioSqlite(kamDb);
    const db = new SQLite(kamDb);
    db.exec(`CREATE TABLE provisio_call_settings (id INTEGER PRIMARY KEY NOT NULL, key_name VARCHAR(255) DEFAULT '' NOT NULL UNIQUE,
      key_type INTEGER DEFAULT 0 NOT NULL, value_type INTEGER DEFAULT 0 NOT NULL, key_value VARCHAR(255) DEFAULT '' NOT NULL, expires INTEGER DEFAULT 0 NOT NULL)`);
    db.prepare(
      "INSERT INTO provisio_call_settings (key_name, value_type, key_value) VALUES (?, 1, '1'), (?, 1, '1')",
    ).run(`block::${AOR}::777`, `dnd::302@kam-cs.example`);
    db.close();
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const rows = () => {
    const db = new SQLite(kamDb, { readonly: true });
    try {
      return db.prepare('SELECT key_name, key_value FROM provisio_call_settings ORDER BY key_name').all();
    } finally {
      db.close();
    }
  };

  /** A portal on this Kamailio database with the env given; extension 301's app session. */
  async function portal(env: Record<string, string>): Promise<{ t: TestApp; token: string }> {
    const t = await startTestApp({ PLATFORM: 'kamailio', KAMAILIO_DB_URL: `sqlite:///${kamDb}`, ...env });
    apps.push(t);
    const admin = await t.login();
    expect(
      (
        await t.call(
          'createTenant',
          { tid: 'kam-cs', tname: 'Kam CS', domain: 'kam-cs.example', site_name: 'HQ' },
          { token: admin },
        )
      ).statusCode,
    ).toBe(200);
    const ext = await t.call(
      'createExtension',
      {
        tenant_id: 'kam-cs',
        extension: '301',
        domain: 'kam-cs.example',
        site_name: 'HQ',
        firstname: 'K',
        lastname: 'S',
        email: '',
        admin: false,
      },
      { token: admin },
    );
    expect(ext.statusCode, ext.body).toBe(200);
    expect(
      (
        await t.call(
          'linkExtension',
          {
            email: 'ks@kam-cs.example',
            did: '+15550301',
            pin: '246813',
            password: 'Temp!pw12',
            extension: '301',
            tenant_id: 'kam-cs',
          },
          { token: admin },
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.call('changeAppPassword', {
          username: 'ks@kam-cs.example',
          old_password: 'Temp!pw12',
          new_password: 'Kam!Settings-1',
        })
      ).statusCode,
    ).toBe(200);
    const login = await t.call('appLogin', {
      username: 'ks@kam-cs.example',
      password: Buffer.from('Kam!Settings-1').toString('base64'),
    });
    expect(login.statusCode, login.body).toBe(200);
    return { t, token: login.json().app_token as string };
  }
  const call = (t: TestApp, name: string, body: object, token: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/${name}`, headers: { 'app-token': token }, payload: body });

  it('Kamailio not answering its RPC: 424, the rows and the portal value unchanged', async () => {
    const before = rows();
    const { t, token } = await portal({ KAMAILIO_RPC_URL: `http://127.0.0.1:${await freeTcpPort()}/RPC` });
    expect((await call(t, 'getAppSettings', { tab: 'blockedNumbersSettings' }, token)).json()).toMatchObject({
      availability: 'applied',
      read_only: false,
    });
    const res = await call(
      t,
      'saveAppSettings',
      { tab: 'blockedNumbersSettings', values: { numbers: ['888'], block_anonymous: true } },
      token,
    );
    expect(res.statusCode, res.body).toBe(424);
    expect(res.json().error.message).toBe(
      'The SIP server did not confirm these settings, so nothing was changed. Try again later.',
    );
    expect(rows()).toEqual(before);
    expect((await call(t, 'getAppSettings', { tab: 'blockedNumbersSettings' }, token)).json().values).toEqual({
      numbers: [],
      block_anonymous: false,
    });
    // App preferences do not need Kamailio.
    expect(
      (
        await call(
          t,
          'saveAppSettings',
          { tab: 'accountSettings', values: { display_name: 'K S', caller_id: '', status_message: '' } },
          token,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('no KAMAILIO_RPC_URL: the enforced tabs are unavailable and refused (403), nothing written', async () => {
    const before = rows();
    const { t, token } = await portal({});
    const get = (await call(t, 'getAppSettings', { tab: 'callControlSettings' }, token)).json();
    expect(get).toMatchObject({ availability: 'unavailable', read_only: true });
    expect(get.availability_message).toBe(
      "The portal is not connected to the SIP server's control interface: these settings cannot take effect here, so they cannot be changed.",
    );
    const res = await call(
      t,
      'saveAppSettings',
      {
        tab: 'callControlSettings',
        values: {
          dnd: true,
          call_waiting: true,
          forward_always: off,
          forward_busy: off,
          forward_no_answer: { ...off, ring_seconds: 20 },
        },
      },
      token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(get.availability_message);
    expect(rows()).toEqual(before);
  });
});
