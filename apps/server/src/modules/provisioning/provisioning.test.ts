import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROFILE_FIELDS,
  PROFILE_OPTIONS,
  type ProfileFieldSpec,
  type ProfileSettingName,
  cscPayload,
  parseCscPayload,
} from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';
import { housekeep } from '../housekeeping/housekeeping';
import { escapeXml } from './account-xml';
import { provision } from './provisioning.service';
import { PORTAL_ONLY, VERIFIED_KEYS, loadKeyMap } from './xml-mapping';

let t: TestApp;
let admin: string;
const PASSWORD = 'Prov!s10n(pw)';
const USER = 'ana.prov@bluebird.example';
const TENANT = 'bluebird.example';

/** A tiny reader for the flat answer: element name -> unescaped text (nested BLF keys are read separately). */
function readAccount(xml: string): Record<string, string> {
  const body = /<account>([\s\S]*)<\/account>/.exec(xml)?.[1] ?? '';
  const flat = body.replace(/<blfKeys>[\s\S]*<\/blfKeys>/, '');
  const out: Record<string, string> = {};
  for (const m of flat.matchAll(/<([A-Za-z_][\w.-]*)>([^<]*)<\/\1>/g)) out[m[1]!] = unescape(m[2]!);
  return out;
}
const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const readBlf = (xml: string) =>
  [
    ...xml.matchAll(
      /<key><position>(\d+)<\/position><target>([^<]*)<\/target><uri>([^<]*)<\/uri><label>([^<]*)<\/label><\/key>/g,
    ),
  ].map((m) => ({ position: m[1], target: m[2], uri: m[3], label: unescape(m[4]!) }));

/** A valid value for every setting of the field table, so the whole table goes through the XML. */
function sampleValue(name: string, spec: ProfileFieldSpec): string {
  switch (spec.kind) {
    case 'text':
      if (spec.email) return 'ops@bluebird.example';
      if (name === 'stunpassword') return `p&<>"'x`;
      return `v-${name}`.slice(0, spec.max);
    case 'flag':
      return name.endsWith('3g') ? '0' : '1';
    case 'number':
      return String(Math.min(spec.max, Math.max(spec.min, 7)));
    case 'choice':
      return String(PROFILE_OPTIONS[spec.options][1]!.value);
    case 'list':
      return PROFILE_OPTIONS[spec.options]
        .slice(0, 3)
        .reverse()
        .map((o) => o.value)
        .join(',');
  }
}
const FULL = Object.fromEntries(Object.entries(PROFILE_FIELDS).map(([n, s]) => [n, sampleValue(n, s)])) as Record<
  ProfileSettingName,
  string
>;
FULL.contactip = '10.0.0.9';

const provisionGet = (q: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/provision?${new URLSearchParams(q).toString()}`,
    headers: { 'user-agent': 'CloudSoftphone/1.5.6', ...headers },
  });
const provisionPost = (form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/provision',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Groundwire/2' },
    payload: new URLSearchParams(form).toString(),
  });
const good = { cloud_id: 'ACME1', cloud_username: USER, cloud_password: PASSWORD };

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true', CLOUD_ID: 'ACME1', LOGIN_MAX_FAILURES: '4', LOGIN_SLOW_AFTER: '100' });
  admin = await t.login();
  const link = await t.call(
    'linkExtension',
    {
      email: USER,
      did: '+15550100',
      pin: '432187',
      password: PASSWORD,
      extension: '110',
      domain: TENANT,
      tenant_id: TENANT,
    },
    { token: admin },
  );
  expect(link.statusCode, link.body).toBe(200);
  await t.db.kysely
    .updateTable('extensions')
    .set({ firstname: 'Ana & <Co>', lastname: 'Prov' })
    .where('tenant_id', '=', TENANT)
    .where('extension', '=', '110')
    .execute();
});
afterAll(() => t.close());

describe('provisioning XML', () => {
  let profileId = 0;
  it('answers the extension credentials and every mapped setting of its profile, parsed back field by field', async () => {
    const saved = await t.call(
      'profileCreateUpdate',
      {
        profile_name: 'Bluebird full',
        proxy: 'sip.bluebird.example:5061',
        transport: 'tls',
        tenant_id: TENANT,
        ...FULL,
      },
      { token: admin },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    profileId = saved.json().id;
    const res = await provisionGet(good);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = readAccount(res.body);
    const sip = await t.db.kysely
      .selectFrom('builtin_extensions')
      .select('sip_password')
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', '110')
      .executeTakeFirstOrThrow();
    // <host> is the SIP domain, <proxy> the server the app connects to (Acrobits D1 Credentials / Proxies).
    expect(xml).toMatchObject({
      title: 'Ana & <Co> Prov',
      username: '110',
      password: sip.sip_password,
      authUsername: '110',
      userDisplayName: 'Ana & <Co> Prov',
      host: TENANT,
      proxy: 'sip.bluebird.example:5061',
      transport: 'tls',
      cloud_username: USER,
    });
    expect(xml.extProvUrl).toBe(
      `${t.deps.config.publicUrl}/api/v1/provision?cloud_id=ACME1&cloud_username=%account[cloud_username]%&cloud_password=%account[cloud_password]%`,
    );
    expect(xml.extProvInterval).toBe('86400');
    expect(xml.userCallerId).toBe('v-usercallerid');
    expect(res.body).toContain('<title>Ana &amp; &lt;Co&gt; Prov</title>');
    const map = loadKeyMap(t.deps.config.provisioningKeyMap);
    let compared = 0;
    for (const name of Object.keys(PROFILE_FIELDS) as ProfileSettingName[]) {
      const key = map.keys[name];
      if (!key || PORTAL_ONLY.has(name)) continue;
      expect({ name, key, value: xml[key] }).toEqual({ name, key, value: FULL[name] });
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(60);
    expect(xml.codecOrder).toBe('9,8,0');
    expect(xml.dtmfOrder).toBe('audio,info,rfc2833');
    expect(xml.STUNPassword).toBe(`p&<>"'x`);
    expect(xml['opusOptions.bitrate']).toBe('6000');
    for (const portalOnly of ['ops@bluebird.example', 'v-exporter_id']) expect(res.body).not.toContain(portalOnly);
    expect(Object.keys(xml)).toHaveLength(new Set(Object.keys(xml)).size);
  });

  it('points the app at the company directory (wsContacts*), and the directory answers the POST the app makes from them', async () => {
    const xml = readAccount((await provisionGet(good)).body);
    expect(xml).toMatchObject({
      wsContactsUrl: `${t.deps.config.publicUrl}/api/v1/directory`,
      wsContactsMethod: 'POST',
      wsContactsContentType: 'application/x-www-form-urlencoded',
      wsContactsPostData:
        'cloud_id=ACME1&cloud_username=%account[cloud_username]%&cloud_password=%account[cloud_password]%',
    });
    // What the app sends: the placeholders filled in with the cloud credentials it keeps, URL-encoded.
    const form = xml
      .wsContactsPostData!.replace('%account[cloud_username]%', encodeURIComponent(USER))
      .replace('%account[cloud_password]%', encodeURIComponent(PASSWORD));
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(xml.wsContactsUrl!).pathname,
      headers: { 'content-type': xml.wsContactsContentType! },
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(200);
    const contacts = res.json().contacts as { contactId: string }[];
    expect(contacts.length).toBeGreaterThan(5);
    expect(contacts.map((c) => c.contactId)).not.toContain('110');
  });

  it('leaves the outbound proxy out while it is turned off, and unset settings out', async () => {
    await t.call(
      'profileCreateUpdate',
      {
        id: profileId,
        profile_name: 'Bluebird full',
        proxy: 'sip.bluebird.example',
        transport: 'udp',
        tenant_id: TENANT,
        outboundproxyhost: 'edge.example',
        expires: '120',
      },
      { token: admin },
    );
    const xml = readAccount((await provisionGet(good)).body);
    expect(xml.outboundProxy).toBeUndefined();
    expect(xml).toMatchObject({ host: TENANT, proxy: 'sip.bluebird.example', transport: 'udp', expires: '120' });
    expect(xml.codecOrder).toBeUndefined();
  });

  it('sends the outbound proxy as the SDK spells it: host without port, outboundProxy_port, outboundProxy_transport', async () => {
    const saved = await t.call(
      'profileCreateUpdate',
      {
        id: profileId,
        profile_name: 'Bluebird full',
        proxy: TENANT,
        transport: 'udp',
        tenant_id: TENANT,
        outboundproxyenabled: '1',
        outboundproxyhost: 'edge.example:5070',
        outboundproxytransport: 'tcp',
      },
      { token: admin },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const xml = readAccount((await provisionGet(good)).body);
    expect(xml).toMatchObject({
      outboundProxy: 'edge.example',
      outboundProxy_port: '5070',
      outboundProxy_transport: 'tcp',
      host: TENANT,
    });
    // The profile's proxy is the domain itself: no <proxy>.
    expect(xml.proxy).toBeUndefined();
  });

  it('keeps the ranges of the SDK validators: expires below 30 and keepAlivePeriod below 5 are refused, and stored ones left out', async () => {
    const base = { id: profileId, profile_name: 'Bluebird full', proxy: TENANT, transport: 'udp', tenant_id: TENANT };
    for (const bad of [{ expires: '29' }, { keepaliveperiod: '4' }]) {
      const res = await t.call('profileCreateUpdate', { ...base, ...bad }, { token: admin });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(
      (await t.call('profileCreateUpdate', { ...base, expires: '30', keepaliveperiod: '5' }, { token: admin }))
        .statusCode,
    ).toBe(200);
    expect(readAccount((await provisionGet(good)).body)).toMatchObject({ expires: '30', keepAlivePeriod: '5' });
    // A value saved before the ranges followed the SDK never reaches the app.
    await t.db.kysely.updateTable('client_profiles').set({ expires: '10' }).where('id', '=', profileId).execute();
    expect(readAccount((await provisionGet(good)).body).expires).toBeUndefined();
  });

  it('leaves BLF keys out (no Acrobits source confirms a key), and an operator-named element carries them in order', async () => {
    const save = await t.call(
      'saveBlfKeys',
      {
        profile_id: profileId,
        tenant_id: TENANT,
        extension: '110',
        keys: [{ target: '112', label: 'Front <desk>' }, { target: '101' }],
      },
      { token: admin },
    );
    expect(save.statusCode, save.body).toBe(200);
    const plain = (await provisionGet(good)).body;
    expect(plain).not.toMatch(/blf|<key>/i);
    const named = { ...loadKeyMap(t.deps.config.provisioningKeyMap), blf: 'blfKeys' };
    const body = await provision(t.deps, named, { params: good, ip: '127.0.0.1', userAgent: 'test' });
    const names = await t.db.kysely
      .selectFrom('extensions')
      .select(['firstname', 'lastname'])
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', '101')
      .executeTakeFirstOrThrow();
    expect(readBlf(body)).toEqual([
      { position: '1', target: '112', uri: `sip:112@${TENANT}`, label: 'Front <desk>' },
      { position: '2', target: '101', uri: `sip:101@${TENANT}`, label: `${names.firstname} ${names.lastname}` },
    ]);
  });

  it('falls back to the cloud default profile when the tenant has none', async () => {
    await t.call('deleteProfile', { id: profileId }, { token: admin });
    const xml = readAccount((await provisionGet(good)).body);
    expect(xml).toMatchObject({
      host: TENANT,
      proxy: 'sip.provisio.example',
      transport: 'udp',
      expires: '300',
      codecOrder: '0,8,9',
      dtmfOrder: 'rfc2833,info',
    });
  });
});

describe('provisioning credentials', () => {
  it('accepts GET, POST form and JSON, the sample names and the test-version cloud id', async () => {
    expect((await provisionPost(good)).statusCode).toBe(200);
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/provision', payload: good });
    expect(json.statusCode).toBe(200);
    expect(
      (await provisionGet({ fullcode: 'ACME1*', username: USER.toUpperCase(), password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('answers the same 403 <message> for a wrong password, an unknown account, another cloud and an unlinked extension', async () => {
    const refused = [
      await provisionGet({ ...good, cloud_password: 'wrong-password' }),
      await provisionPost({ ...good, cloud_username: 'nobody@bluebird.example' }),
      await provisionGet({ ...good, cloud_id: 'OTHER' }),
    ];
    await t.db.kysely
      .updateTable('extensions')
      .set({ linked: 0 })
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', '110')
      .execute();
    refused.push(await provisionGet(good));
    await t.db.kysely
      .updateTable('extensions')
      .set({ linked: 1 })
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', '110')
      .execute();
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<message>Invalid Credentials</message>\n');
    }
    const missing = await provisionGet({ cloud_id: 'ACME1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('<message>cloud_id, cloud_username and cloud_password are required.</message>');
  });

  it('throttles failures per username like sign-in', async () => {
    const victim = { ...good, cloud_username: 'victim@bluebird.example', cloud_password: 'nope' };
    for (let i = 0; i < 4; i++) expect((await provisionGet(victim)).statusCode).toBe(403);
    const blocked = await provisionGet(victim);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.body).toMatch(/<message>Too many failed sign-in attempts/);
    expect((await provisionGet(good)).statusCode).toBe(200);
  });

  it('records every request and shows the last provisioning per extension', async () => {
    const rows = await t.db.kysely.selectFrom('provisioning_log').selectAll().orderBy('id').execute();
    expect(rows.map((r) => r.result)).toEqual(expect.arrayContaining(['ok', 'denied', 'throttled', 'missing']));
    const ok = rows.find((r) => r.result === 'ok')!;
    expect(ok).toMatchObject({
      cloud_id: 'ACME1',
      account: USER,
      tenant_id: TENANT,
      extension: '110',
      user_agent: 'CloudSoftphone/1.5.6',
    });
    expect(ok.ip).not.toBe('');
    const last = await t.call('getLastProvisioned', { tenant_id: TENANT }, { token: admin });
    expect(last.json()).toEqual([
      { extension: '110', at: Math.max(...rows.filter((r) => r.result === 'ok').map((r) => Number(r.at))) },
    ]);
    expect((await t.call('getLastProvisioned', { tenant_id: TENANT })).statusCode).toBe(401);
  });
});

describe('provisioning record stays bounded (issue 13 finding 6)', () => {
  // A request the password queue refuses (429 server_busy, issue #17) was never checked nor recorded: it is sent
  // again, as a client honouring Retry-After would (only sooner), since what these tests count is the record.
  const from = async (remoteAddress: string, q: Record<string, string>, ua = 'Burst/1') => {
    for (;;) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/v1/provision?${new URLSearchParams(q).toString()}`,
        headers: { 'user-agent': ua },
        remoteAddress,
      });
      // /provision answers in XML: the queue's refusal is told apart from the throttle by its message.
      if (r.statusCode !== 429 || !r.body.includes('The server is busy checking passwords')) return r;
      await new Promise((resolve) => setTimeout(resolve, 250 + Math.random() * 250));
    }
  };
  const rowsOf = async (where: { account?: string; ip?: string }) => {
    let q = t.db.kysely.selectFrom('provisioning_log').select(['result', 'account', 'ip', 'user_agent', 'at']);
    if (where.account !== undefined) q = q.where('account', '=', where.account);
    if (where.ip !== undefined) q = q.where('ip', '=', where.ip);
    return q.execute();
  };

  it('writes at most the failure limit + 1 rows for 300 wrong guesses on one username sent in parallel bursts', async () => {
    const account = 'burst.victim@bluebird.example';
    const statuses: number[] = [];
    for (let burst = 0; burst < 10; burst++) {
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          from(`10.6.${burst}.${i + 1}`, { ...good, cloud_username: account, cloud_password: `wrong-${burst}-${i}` }),
        ),
      );
      statuses.push(...replies.map((r) => r.statusCode));
    }
    expect(new Set(statuses)).toEqual(new Set([403, 429]));
    const rows = await rowsOf({ account });
    // LOGIN_MAX_FAILURES is 4 in this file: at most 4 checked refusals and one row saying throttling happened.
    expect(rows.length).toBeLessThanOrEqual(4 + 1);
    expect(rows.filter((r) => r.result === 'throttled')).toHaveLength(1);
  });

  it('writes one throttled row per address and window when one address cycles through usernames', async () => {
    const ip = '10.6.200.1';
    for (let i = 0; i < 30; i++)
      await from(ip, { ...good, cloud_username: `seq-${i}@bluebird.example`, cloud_password: 'wrong' });
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        from(ip, { ...good, cloud_username: `cycle-${i}@bluebird.example`, cloud_password: 'wrong' }),
      ),
    );
    expect(replies.every((r) => r.statusCode === 429)).toBe(true);
    const rows = await rowsOf({ ip });
    expect(rows.filter((r) => r.result === 'throttled')).toHaveLength(1);
  });

  it('records incomplete requests and other clouds at most once per address and window, never per request', async () => {
    const ip = '10.6.201.1';
    const replies = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => from(ip, { cloud_id: 'ACME1', cloud_username: `m-${i}@x.example` })),
      ...Array.from({ length: 40 }, (_, i) =>
        from(ip, { ...good, cloud_id: `OTHER${i}`, cloud_username: `c-${i}@x.example` }),
      ),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([...Array(40).fill(400), ...Array(40).fill(403)]);
    const rows = await rowsOf({ ip });
    // One row per kind and sign-in window (15 minutes, counted from the epoch): a burst that straddles a window's
    // end may write one row on each side of it, never two in one window.
    const windowOf = (at: number | string) => Math.floor(Number(at) / (t.deps.config.LOGIN_WINDOW_MINUTES * 60_000));
    for (const result of ['missing', 'denied']) {
      const windows = rows.filter((r) => r.result === result).map((r) => windowOf(r.at));
      expect(windows.length).toBeGreaterThanOrEqual(1);
      expect(new Set(windows).size, `${result}: ${windows.join(', ')}`).toBe(windows.length);
      expect(Math.max(...windows) - Math.min(...windows)).toBeLessThanOrEqual(1);
    }
  });

  it('cuts the stored user agent, username and cloud id', async () => {
    const ip = '10.6.202.1';
    const long = 'A'.repeat(3000);
    expect(
      (
        await from(
          ip,
          { ...good, cloud_username: `${'u'.repeat(1000)}@bluebird.example`, cloud_password: 'wrong' },
          long,
        )
      ).statusCode,
    ).toBe(403);
    expect((await from('10.6.202.2', good, `Soft/${'x'.repeat(2000)}`)).statusCode).toBe(200);
    const rows = await t.db.kysely
      .selectFrom('provisioning_log')
      .selectAll()
      .where('ip', 'in', ['10.6.202.1', '10.6.202.2'])
      .execute();
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.user_agent.length).toBe(200);
      expect(r.account.length).toBeLessThanOrEqual(200);
    }
  });

  it('keeps at most PROVISIONING_LOG_MAX_ROWS rows: the oldest go first, each extension keeps its last set-up', async () => {
    const db = t.db.kysely;
    await db.deleteFrom('provisioning_log').execute();
    const now = Date.now();
    const row = (i: number, result: 'ok' | 'denied', extension: string | null) => ({
      at: now - 1000 + i,
      cloud_id: 'ACME1',
      account: `cap-${i}`,
      tenant_id: extension ? TENANT : null,
      extension,
      ip: '10.6.203.1',
      user_agent: 'cap',
      result,
    });
    await db
      .insertInto('provisioning_log')
      .values(row(0, 'ok', '777'))
      .execute();
    for (let i = 1; i <= 30; i++)
      await db
        .insertInto('provisioning_log')
        .values(row(i, 'denied', null))
        .execute();
    const report = await housekeep(db, { ...t.deps.config, PROVISIONING_LOG_MAX_ROWS: 10 }, now);
    const left = await db.selectFrom('provisioning_log').select('account').orderBy('id').execute();
    expect(left.map((r) => r.account)).toEqual(['cap-0', ...Array.from({ length: 10 }, (_, i) => `cap-${21 + i}`)]);
    expect(report.provisioning_log).toBe(20);
  });
});

describe('key map and QR payload', () => {
  it('decides a key (or null) for every setting that goes into the XML', () => {
    const shipped = JSON.parse(fs.readFileSync(t.deps.config.provisioningKeyMap, 'utf8')) as Record<string, unknown>;
    for (const name of Object.keys(PROFILE_FIELDS) as ProfileSettingName[]) {
      if (PORTAL_ONLY.has(name)) continue;
      expect({ name, decided: name in VERIFIED_KEYS || name in shipped }).toEqual({ name, decided: true });
    }
  });

  it('lets an operator rename or drop keys, and refuses a bad file with every problem listed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keymap-'));
    const file = path.join(dir, 'keys.json');
    fs.writeFileSync(file, JSON.stringify({ outboundproxyhost: 'proxyOut', expires: null, $blf: null }));
    const map = loadKeyMap(file);
    expect(map.keys.outboundproxyhost).toBe('proxyOut');
    expect(map.keys.expires).toBeUndefined();
    expect(map.keys.codecorder).toBe('codecOrder');
    expect(map.blf).toBeNull();
    fs.writeFileSync(file, JSON.stringify({ nosuchfield: 'x', expires: 'bad name' }));
    expect(() => loadKeyMap(file)).toThrow(/nosuchfield[\s\S]*expires/);
    expect(() => loadKeyMap(path.join(dir, 'missing.json'))).toThrow(/cannot read/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('builds the csc: payloads with URL-encoded credentials and reads them back', () => {
    expect(cscPayload({ cloudId: 'ACME1', username: 'ana@x.example', password: 'p:@ss w' })).toBe(
      'csc:ana%40x.example:p%3A%40ss%20w@ACME1',
    );
    expect(cscPayload({ cloudId: 'ACME1', username: 'ana@x.example' })).toBe('csc:ana%40x.example@ACME1');
    expect(cscPayload({ cloudId: 'ACME1', testVersion: true })).toBe('csc:ACME1*');
    expect(parseCscPayload('csc:ana%40x.example:p%3A%40ss%20w@ACME1')).toEqual({
      cloudId: 'ACME1',
      username: 'ana@x.example',
      password: 'p:@ss w',
    });
    expect(escapeXml('a&b<c>"d\'\u0001')).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });
});
