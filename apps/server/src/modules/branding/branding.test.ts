import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, resellerIdByName, signInRoles } from '../../../test/roles';
import { startSmtp, waitFor } from '../../../test/smtp';
import { giveAppAccount } from '../../../test/app-account';

// Issue #19 item 1: white-label per reseller, set by administrators (and reseller users when allowed), worn by the
// portal, the end-user pages and every mail to the reseller's subscribers.
let t: TestApp;
let r: RoleTokens;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let pioneer: number;
let other: number;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const brand = {
  brand_name: 'Pioneer Phones',
  primary_color: '#0B3D91',
  secondary_color: '#8a1c1c',
  sender_name: 'Pioneer Support',
  sender_email: 'hello@pioneer.example',
  support_email: 'help@pioneer.example',
  support_phone: '+1 555 0100',
  host_name: 'voice.pioneer.localhost',
};

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SEED_DEMO: 'true', SMTP_URL: smtp.url });
  pioneer = await resellerIdByName(t, 'Pioneer Voice');
  other = (await t.db.kysely.selectFrom('resellers').select('id').where('id', '!=', pioneer).executeTakeFirstOrThrow())
    .id;
  r = await signInRoles(t, [pioneer]);
  await giveAppAccount(t, 'bluebird.example', '110', 'sub110@bluebird.example');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const save = (body: object, token = r.admin, lang?: string) =>
  t.call('saveResellerBranding', { reseller_id: pioneer, ...brand, ...body }, { token, ...(lang ? { lang } : {}) });
const rows = async () => t.db.kysely.selectFrom('reseller_branding').selectAll().execute();

describe('reseller branding', () => {
  it('refuses unreadable colours, bad fields and bad logos in the caller language, and saves nothing', async () => {
    const light = await save({ primary_color: '#ffff00' }, r.admin, 'es');
    expect(light.statusCode).toBe(400);
    expect(light.json().error.message).toBe(
      formatMessage('es', 'brandColorContrast', { field: 'primary', ratio: '1.07' }),
    );
    const second = await save({ secondary_color: '#aaaaaa' });
    expect(second.statusCode).toBe(400);
    expect(second.json().error.message).toContain('secondary');
    for (const bad of [
      { primary_color: 'blue' },
      { host_name: 'not a host' },
      { sender_email: 'nope' },
      { support_phone: 'call me' },
      { logo: { filename: 'logo.png', data_base64: Buffer.from('<svg onload="x"></svg>').toString('base64') } },
      { logo: { filename: 'logo.png', data_base64: 'A'.repeat(800_000) } },
      { allow_reseller_edit: 'yes' },
    ]) {
      const res = await save(bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    // An SVG that could run script is refused, like a profile picture's, with the reason.
    const svg = await save({
      logo: {
        filename: 'logo.svg',
        data_base64: Buffer.from('<svg><script>alert(1)</script></svg>').toString('base64'),
      },
    });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().error.message).toBe(formatMessage('en', 'svgUnsafe'));
    expect(await rows()).toEqual([]);
  });

  it('lets an administrator save it with a logo, and shows it to the reseller and on its host name', async () => {
    const res = await save({ logo: { filename: 'logo.png', data_base64: PNG.toString('base64') } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The branding was saved.');
    const saved = res.json().branding;
    expect(saved).toMatchObject({ ...brand, primary_color: '#0b3d91', saved: true, may_edit: true });
    expect(saved.logo_url).toMatch(/^\/api\/v1\/files\/[0-9a-f]{32}$/);
    const logo = await t.app.inject({ method: 'GET', url: saved.logo_url });
    expect(logo.headers['content-type']).toContain('image/png');

    const mine = await t.call('myBranding', {}, { token: r.reseller });
    expect(mine.json().branding).toEqual({
      name: 'Pioneer Phones',
      logo_url: saved.logo_url,
      primary_color: '#0b3d91',
      secondary_color: '#8a1c1c',
      support_email: 'help@pioneer.example',
      support_phone: '+1 555 0100',
    });
    // A bluebird user sees the brand of the reseller supervising bluebird; an administrator sees none.
    expect((await t.call('myBranding', {}, { token: r.simple })).json().branding.name).toBe('Pioneer Phones');
    expect((await t.call('myBranding', {}, { token: r.admin })).json().branding).toBeNull();

    const onHost = (host: string, body: object = {}) =>
      t.app.inject({ method: 'POST', url: '/api/v1/publicBranding', headers: { host }, payload: body });
    expect((await onHost('voice.pioneer.localhost:8080')).json().branding.name).toBe('Pioneer Phones');
    expect((await onHost('portal.localhost')).json().branding).toBeNull();
    expect((await onHost('portal.localhost', { brand: pioneer })).json().branding.name).toBe('Pioneer Phones');
    // The public reply never carries the sender address or the host name.
    expect(JSON.stringify((await onHost('voice.pioneer.localhost')).json())).not.toContain('hello@pioneer');
  });

  it('keeps host names unique and reseller users to their own resellers, editing only when allowed', async () => {
    const taken = await t.call(
      'saveResellerBranding',
      { reseller_id: other, ...brand, brand_name: 'Copycat' },
      { token: r.admin },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Another reseller already uses this host name.');

    expect((await t.call('getResellerBranding', { reseller_id: pioneer })).statusCode).toBe(401);
    expect((await t.call('getResellerBranding', { reseller_id: pioneer }, { token: r.simple })).statusCode).toBe(403);
    expect((await t.call('getResellerBranding', { reseller_id: other }, { token: r.reseller })).statusCode).toBe(403);
    const seen = await t.call('getResellerBranding', { reseller_id: pioneer }, { token: r.reseller });
    expect(seen.json()).toMatchObject({ brand_name: 'Pioneer Phones', may_edit: false, allow_reseller_edit: false });
    const refused = await save({ brand_name: 'Hijacked' }, r.reseller);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(formatMessage('en', 'brandingNotAllowed'));

    expect((await save({ allow_reseller_edit: true })).statusCode).toBe(200);
    const own = await save({ brand_name: 'Pioneer Voice & Data' }, r.reseller);
    expect(own.statusCode).toBe(200);
    expect(own.json().branding).toMatchObject({ brand_name: 'Pioneer Voice & Data', may_edit: true });
    // Never the permission itself, and never another reseller's branding.
    expect((await save({ allow_reseller_edit: false }, r.reseller)).statusCode).toBe(403);
    expect(
      (await t.call('saveResellerBranding', { reseller_id: other, ...brand, host_name: '' }, { token: r.reseller }))
        .statusCode,
    ).toBe(403);
    expect((await rows()).find((x) => x.reseller_id === other)).toBeUndefined();
    expect((await save({ brand_name: 'Pioneer Phones' })).statusCode).toBe(200);
  });

  it('gives a host name to one reseller only when many saves claim it at once', async () => {
    const [a, b] = (await t.db.kysely.selectFrom('resellers').select('id').orderBy('id').limit(2).execute()).map(
      (x) => x.id,
    );
    const claims = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.call(
          'saveResellerBranding',
          { reseller_id: i % 2 ? a : b, ...brand, host_name: 'race.pioneer.localhost' },
          { token: r.admin },
        ),
      ),
    );
    const codes = claims.map((c) => c.statusCode);
    expect(
      codes.every((c) => c === 200 || c === 409),
      codes.join(','),
    ).toBe(true);
    const owners = await t.db.kysely
      .selectFrom('reseller_branding')
      .select('reseller_id')
      .where('host_name', '=', 'race.pioneer.localhost')
      .execute();
    expect(owners).toHaveLength(1);
    // Every 200 went to the owner, every 409 to the other reseller.
    const owner = owners[0]!.reseller_id;
    claims.forEach((c, i) => expect(c.statusCode).toBe((i % 2 ? a : b) === owner ? 200 : 409));
    // Back as the other tests expect: Pioneer on its own host, the other reseller without one.
    await t.db.kysely.deleteFrom('reseller_branding').where('reseller_id', '!=', pioneer).execute();
    expect((await save({})).statusCode).toBe(200);
  });

  it("sends the reseller's subscribers mail in its brand: sender, logo, colours, footer, links on its host", async () => {
    const res = await t.call(
      'emailLink',
      {
        recepient: 'sub110@bluebird.example',
        subject: 'Your app',
        body: '<p>Hi {{first_name}}: <a href="{{link}}">{{link}}</a></p>',
        tenant_id: 'bluebird.example',
      },
      { token: r.admin, lang: 'fr' },
    );
    expect(res.statusCode).toBe(200);
    await t.deps.jobs.drain();
    await t.deps.mailer.flush();
    const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes('sub110@bluebird.example')));
    expect(mail.from).toBe('hello@pioneer.example');
    expect(mail.raw).toMatch(/^From: "?Pioneer Support"? <hello@pioneer\.example>/m);
    expect(mail.decoded).toContain('background:#0b3d91');
    expect(mail.decoded).toContain('http://voice.pioneer.localhost/api/v1/files/');
    expect(mail.decoded).toContain('Pioneer Phones');
    // The footer in the sender's language (the decoded text is read byte by byte: only its ASCII part is compared).
    expect(mail.decoded).toMatch(/Assistance : help@pioneer\.example \S+ \+1 555 0100/);
    expect(mail.decoded).toMatch(
      /http:\/\/voice\.pioneer\.localhost\/getQR\?username=sub110%40bluebird\.example&(amp;)?cloud_id=[^&"\s]+&(amp;)?brand=\d+/,
    );
    expect(mail.decoded).not.toContain('http://localhost:');

    // The Email QR modal's preview shows the same branded mail.
    const preview = await t.call(
      'templatePreview',
      {
        recepient: 'sub110@bluebird.example',
        subject: 'Your app',
        body: '<p>{{link}}</p>',
        tenant_id: 'bluebird.example',
      },
      { token: r.admin },
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).toContain('background:#0b3d91');
    expect(preview.json().html).toContain('http://voice.pioneer.localhost/getQR?');

    // A tenant no branded reseller supervises gets the portal's own mail.
    await giveAppAccount(t, 'acme.example', '100', 'sub100@acme.example');
    await t.call(
      'emailLink',
      { recepient: 'sub100@acme.example', subject: 'Plain', body: '<p>{{link}}</p>', tenant_id: 'acme.example' },
      { token: r.admin },
    );
    await t.deps.jobs.drain();
    await t.deps.mailer.flush();
    const plain = await waitFor(() => smtp.mails.find((m) => m.to.includes('sub100@acme.example')));
    expect(plain.decoded).not.toContain('Pioneer');
    expect(plain.decoded).not.toContain('brand=');
  });

  it("brands a subscriber's app password reset mail, its link opening on the reseller's host", async () => {
    // giveAppAccount names the account <extension>.<tenant>.<email>; the reset link goes to that username.
    const username = '110.bluebird.example.sub110@bluebird.example';
    const res = await t.call('forgetAppPassword', { username }, { lang: 'es' });
    expect(res.statusCode).toBe(200);
    await t.deps.mailer.flush();
    const mail = await waitFor(() =>
      smtp.mails.find((m) => m.to.includes(username) && m.decoded.includes('/resetAppPassword')),
    );
    expect(mail.raw).toMatch(/^From: "?Pioneer Support"? <hello@pioneer\.example>/m);
    expect(mail.decoded).toMatch(/http:\/\/voice\.pioneer\.localhost\/resetAppPassword\?ref=[^&\s"]+&(amp;)?brand=\d+/);
    expect(mail.decoded).toMatch(/Soporte: help@pioneer\.example/);
  });

  it('goes with its reseller: deleting the reseller removes its branding and logo', async () => {
    const logoUrl = (await rows()).find((x) => x.reseller_id === pioneer)!.logo_url!;
    expect((await t.call('deleteReseller', { id: pioneer }, { token: r.admin })).statusCode).toBe(200);
    expect((await rows()).find((x) => x.reseller_id === pioneer)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
  });
});
