import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, signInRoles } from '../../../test/roles';
import { startSmtp, waitFor } from '../../../test/smtp';
import { giveAppAccount } from '../../../test/app-account';

// Issue #19 item 3: the default template the Email QR modal opens with, and the preview of what is sent.
let t: TestApp;
let r: RoleTokens;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const TENANT = 'bluebird.example';
const EMAIL = 'preview110@bluebird.example';
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SEED_DEMO: 'true', SMTP_URL: smtp.url });
  r = await signInRoles(t);
  await giveAppAccount(t, TENANT, '110', EMAIL);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

interface Row {
  id: number;
  name: string;
  is_default: boolean;
}
const list = async (): Promise<Row[]> =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/getTemplates', headers: { token: r.admin } })).json();
const defaults = async () => (await list()).filter((x) => x.is_default).map((x) => x.name);
const save = (body: object, token = r.admin) => t.call('templateCreateUpdate', body, { token });
const idOf = async (name: string) => (await list()).find((x) => x.name === name)!.id;

describe('default template', () => {
  it('is at most one, set and cleared by an administrator only', async () => {
    await save({ name: 'Preview A', subject: 'A', body: '<p>a {{link}}</p>', is_default: true });
    await save({ name: 'Preview B', subject: 'B', body: '<p>b {{link}}</p>' });
    expect(await defaults()).toEqual(['Preview A']);
    const b = await idOf('Preview B');
    expect(
      (await save({ id: b, name: 'Preview B', subject: 'B', body: '<p>b</p>', is_default: true })).statusCode,
    ).toBe(200);
    expect(await defaults()).toEqual(['Preview B']);
    // Saving without the flag leaves it as it is.
    await save({ id: b, name: 'Preview B', subject: 'B2', body: '<p>b</p>' });
    expect(await defaults()).toEqual(['Preview B']);
    for (const token of [r.simple, r.reseller]) {
      const refused = await save(
        { id: await idOf('Preview A'), name: 'Preview A', body: '<p>a</p>', is_default: true },
        token,
      );
      expect(refused.statusCode).toBe(403);
    }
    expect(await defaults()).toEqual(['Preview B']);
    await save({ id: b, name: 'Preview B', subject: 'B2', body: '<p>b</p>', is_default: false });
    expect(await defaults()).toEqual([]);
    const bad = await save({ name: 'Preview C', body: '<p>c</p>', is_default: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await list()).some((x) => x.name === 'Preview C')).toBe(false);
  });

  it('stays one when several saves make different templates the default at once', async () => {
    const names = ['Race 1', 'Race 2', 'Race 3', 'Race 4'];
    for (const name of names) await save({ name, subject: name, body: '<p>x</p>' });
    const ids = await Promise.all(names.map(idOf));
    const replies = await Promise.all(
      ids.map((id, i) => save({ id, name: names[i], subject: 'x', body: '<p>x</p>', is_default: true })),
    );
    // They take turns: each is saved, the last one to run is the one default (never two, never a deadlock).
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    expect(await defaults()).toHaveLength(1);
  });
});

describe('templatePreview', () => {
  const body = {
    recepient: EMAIL.toUpperCase(),
    subject: 'Hello {{first_name}}',
    body: '<h2>Hi {{first_name}} {{last_name}}</h2><script>alert(1)</script><p>Password: {{password}}</p><p><a href="{{link}}">Open</a></p>',
    tenant_id: TENANT,
  };
  const preview = (b: object, token = r.admin, lang?: string) =>
    t.call('templatePreview', b, { token, ...(lang ? { lang } : {}) });

  it("fills the first recipient's values as the sent email does, with no password in it", async () => {
    const ext = await t.db.kysely
      .selectFrom('extensions')
      .select(['firstname', 'lastname'])
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', '110')
      .executeTakeFirstOrThrow();
    const res = await preview(body);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.recipient).toEqual({ tenant_id: TENANT, extension: '110', ...ext });
    expect(p.subject).toBe(`Hello ${ext.firstname}`);
    expect(p.html).toContain(`<h2>Hi ${ext.firstname} ${ext.lastname}</h2>`);
    expect(p.html).not.toMatch(/script|\{\{/);
    expect(p.html).toContain(formatMessage('en', 'passwordPlaceholder').slice(0, 20));
    expect(p.html).toContain(`/getQR?username=${encodeURIComponent(EMAIL)}&amp;cloud_id=`);
    const es = (await preview(body, r.admin, 'es')).json();
    expect(es.text).toContain(formatMessage('es', 'passwordPlaceholder'));

    const sent = await t.call('emailLink', { ...body, recepient: EMAIL }, { token: r.admin });
    expect(sent.statusCode).toBe(200);
    await t.deps.jobs.drain();
    await t.deps.mailer.flush();
    const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes(EMAIL)));
    expect(mail.subject).toBe(p.subject);
    const decoded = mail.decoded.replace(/\r\n/g, '\n');
    expect(decoded).toContain(p.html);
    expect(decoded).toContain(p.text);
  });

  it('refuses a tenant the caller may not see and a bad address, in their language', async () => {
    const other = await preview({ ...body, tenant_id: 'acme.example' }, r.simple);
    expect(other.statusCode).toBe(403);
    const bad = await preview({ ...body, recepient: 'not-an-email' }, r.admin, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(formatMessage('fr', 'emailInvalid'));
    expect((await t.call('templatePreview', body)).statusCode).toBe(401);
  });

  it('fills empty names for an address no subscriber in scope has', async () => {
    const p = (await preview({ ...body, recepient: 'nobody@nowhere.example' })).json();
    expect(p.recipient).toBeNull();
    expect(p.subject).toBe('Hello ');
    // The simple user of bluebird does not see acme's subscribers: their names stay out of the preview.
    const acme = await t.db.kysely
      .selectFrom('extensions')
      .select(['email'])
      .where('tenant_id', '=', 'acme.example')
      .where('email', '<>', '')
      .executeTakeFirstOrThrow();
    const hidden = (await preview({ ...body, recepient: acme.email, tenant_id: undefined }, r.simple)).json();
    expect(hidden.recipient).toBeNull();
  });
});
