import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;
const PASSWORD = 'L1nphone(pw)x';
const USER = 'lina.phone@bluebird.example';
const TENANT = 'bluebird.example';

/** The entries of one lpconfig section, unescaped. */
function section(xml: string, name: string): Record<string, string> | null {
  const body = new RegExp(`<section name="${name}">([\\s\\S]*?)</section>`).exec(xml)?.[1];
  if (body === undefined) return null;
  const out: Record<string, string> = {};
  for (const m of body.matchAll(/<entry name="([^"]+)" overwrite="true">([^<]*)<\/entry>/g)) {
    out[m[1]!] = m[2]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  }
  return out;
}

async function grant(): Promise<string> {
  const res = await t.call('authLogin', { username: USER, password: PASSWORD, cloud_id: 'ACME1' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().grant;
}
async function newLink(g?: string): Promise<{ url: string; expires_at: number }> {
  const res = await t.call('linphoneLink', { grant: g ?? (await grant()) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const fetchUrl = (url: string, lang?: string) =>
  t.app.inject({
    method: 'GET',
    url: new URL(url).pathname,
    headers: { 'user-agent': 'LinphoneAndroid/5.2', ...(lang ? { 'accept-language': lang } : {}) },
  });

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true', CLOUD_ID: 'ACME1', PUBLIC_URL: 'https://portal.example.test' });
  admin = await t.login();
  const link = await t.call(
    'linkExtension',
    {
      email: USER,
      did: '+15550111',
      pin: '432187',
      password: PASSWORD,
      extension: '111',
      domain: TENANT,
      tenant_id: TENANT,
    },
    { token: admin },
  );
  expect(link.statusCode, link.body).toBe(200);
  await t.db.kysely
    .updateTable('extensions')
    .set({ firstname: 'Lina "&"', lastname: 'Phone' })
    .where('tenant_id', '=', TENANT)
    .where('extension', '=', '111')
    .execute();
});
afterAll(() => t.close());

describe('Linphone one-time provisioning link', () => {
  it('answers the lpconfig document of the account once; the token is stored only as its hash', async () => {
    const saved = await t.call(
      'profileCreateUpdate',
      {
        profile_name: 'Bluebird L',
        proxy: 'sip.bluebird.example:5070',
        transport: 'tcp',
        tenant_id: TENANT,
        codecorder: '8,103,0',
        expires: '300',
        dtmforder: 'info',
      },
      { token: admin },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const before = Date.now();
    const link = await newLink();
    expect(link.url).toMatch(/^https:\/\/portal\.example\.test\/api\/v1\/linphone\/[A-Za-z0-9_-]{43}$/);
    expect(link.expires_at).toBeGreaterThanOrEqual(before + 10 * 60_000);
    expect(link.expires_at).toBeLessThan(Date.now() + 10 * 60_000 + 1000);
    const token = link.url.split('/').pop()!;
    const stored = await t.db.kysely.selectFrom('linphone_links').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const res = await fetchUrl(link.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<config xmlns="http://www.linphone.org/xsds/lpconfig.xsd"');
    const sip = await t.db.kysely
      .selectFrom('builtin_extensions')
      .select('sip_password')
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', '111')
      .executeTakeFirstOrThrow();
    // The identity's domain is the SIP domain; the profile's proxy is the server to connect to.
    expect(section(res.body, 'proxy_0')).toEqual({
      reg_identity: '"Lina & Phone" <sip:111@bluebird.example>',
      reg_proxy: '<sip:sip.bluebird.example:5070;transport=tcp>',
      reg_route: '<sip:sip.bluebird.example:5070;transport=tcp;lr>',
      reg_expires: '300',
      reg_sendregister: '1',
      publish: '0',
    });
    expect(section(res.body, 'auth_info_0')).toEqual({
      username: '111',
      userid: '111',
      passwd: sip.sip_password,
      domain: TENANT,
    });
    expect(section(res.body, 'sip')).toEqual({ default_proxy: '0', use_rfc2833: '0', use_info: '1' });
    // Payload 103 has no documented meaning in Acrobits' list, so only the RFC 3551 static types are carried.
    expect(section(res.body, 'audio_codec_0')).toEqual({ mime: 'PCMA', rate: '8000', channels: '1', enabled: '1' });
    expect(section(res.body, 'audio_codec_1')).toEqual({ mime: 'PCMU', rate: '8000', channels: '1', enabled: '1' });
    expect(section(res.body, 'audio_codec_2')).toBeNull();
    expect(section(res.body, 'misc')).toEqual({ transient_provisioning: '1' });
    const log = await t.db.kysely.selectFrom('provisioning_log').selectAll().where('extension', '=', '111').execute();
    expect(log.map((l) => [l.result, l.user_agent])).toEqual([['ok', 'LinphoneAndroid/5.2']]);

    // Spent: the same URL now gets the same answer as a token that never existed.
    const again = await fetchUrl(link.url);
    const never = await fetchUrl(`https://x/api/v1/linphone/${'A'.repeat(43)}`);
    const malformed = await fetchUrl('https://x/api/v1/linphone/short');
    for (const r of [again, never, malformed]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({
        error: {
          code: 'not_found',
          message: 'This Linphone link is not valid. Sign in on the QR page again for a new one.',
        },
      });
      expect(r.body).not.toContain('111');
    }
    expect((await fetchUrl(link.url, 'fr')).json().error.message).toBe(
      "Ce lien Linphone n'est pas valide. Reconnectez-vous sur la page du code QR pour en obtenir un nouveau.",
    );
  });

  it('hands a link out exactly once under parallel requests', async () => {
    const link = await newLink();
    const answers = await Promise.all(Array.from({ length: 12 }, () => fetchUrl(link.url)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 404)).toHaveLength(11);
  });

  it('refuses an expired link with the same 404', async () => {
    const link = await newLink();
    const token = link.url.split('/').pop()!;
    await t.db.kysely
      .updateTable('linphone_links')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .execute();
    const res = await fetchUrl(link.url);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('refuses a link for a missing, forged or other-purpose grant, and for an account no longer linked', async () => {
    const g = await grant();
    const [body, sig] = g.split('.');
    const forged = Buffer.from(JSON.stringify({ a: 1, exp: Date.now() + 60_000 })).toString('base64url');
    for (const bad of ['x', `${forged}.${sig}`, `${body}.${sig}x`]) {
      const res = await t.call('linphoneLink', { grant: bad });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Please enter your password again to show the Linphone QR code.');
    }
    expect((await t.call('linphoneLink', {})).statusCode).toBe(400);
    expect((await t.call('linphoneLink', { grant: g, extra: 1 })).statusCode).toBe(400);

    // A link minted before the extension was unlinked gives nothing once it is.
    const link = await newLink(g);
    await t.db.kysely
      .updateTable('extensions')
      .set({ linked: 0 })
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', '111')
      .execute();
    try {
      expect((await fetchUrl(link.url)).statusCode).toBe(404);
      expect((await t.call('linphoneLink', { grant: g })).statusCode).toBe(403);
    } finally {
      await t.db.kysely
        .updateTable('extensions')
        .set({ linked: 1 })
        .where('tenant_id', '=', TENANT)
        .where('extension', '=', '111')
        .execute();
    }
  });

  it('mints at most ten links per account and hour', async () => {
    const g = await grant();
    const used = await t.db.kysely
      .selectFrom('login_failures')
      .select('failures')
      .where(
        'key',
        '=',
        `linphone-link:${(await t.db.kysely.selectFrom('app_accounts').select('id').where('username', '=', USER).executeTakeFirstOrThrow()).id}`,
      )
      .executeTakeFirst();
    const left = 10 - (used?.failures ?? 0);
    for (let i = 0; i < left; i++) expect((await t.call('linphoneLink', { grant: g })).statusCode).toBe(200);
    const over = await t.call('linphoneLink', { grant: g });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toMatch(/^Too many Linphone QR codes/);
  });

  it('gives nothing for a link minted before the app was revoked, and mints none after', async () => {
    const g = await grant();
    // The hour's allowance was used up by the test above.
    await t.db.kysely.deleteFrom('login_failures').where('key', 'like', 'linphone-link:%').execute();
    const link = await newLink(g);
    const revoked = await t.call('revokeApp', { tenant_id: TENANT, extension: '111' }, { token: admin });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await fetchUrl(link.url)).statusCode).toBe(404);
    expect((await t.call('linphoneLink', { grant: g })).statusCode).toBe(403);
  });
});
