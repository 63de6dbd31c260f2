import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, signInRoles } from '../../../test/roles';

let t: TestApp;
let r: RoleTokens;
beforeAll(async () => {
  t = await startTestApp();
  r = await signInRoles(t);
});
afterAll(() => t.close());

const list = async (token = r.admin) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/getTemplates', headers: { token } })).json();
const save = (body: object, token = r.admin, lang?: string) =>
  t.call('templateCreateUpdate', body, { token, ...(lang ? { lang } : {}) });

describe('email templates', () => {
  it('lets any signed-in caller read the templates, by name', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/getTemplates' })).statusCode).toBe(401);
    await save({ name: 'Zulu', subject: 'Z', body: '<p>z</p>' });
    await save({ name: 'Alpha', subject: 'A', body: '<p>a</p>' });
    for (const token of [r.admin, r.simple, r.reseller])
      expect((await list(token)).map((x: { name: string }) => x.name)).toEqual(['Alpha', 'Zulu']);
  });

  it('sanitises the body: scripts, handlers and javascript: links go; formatting and placeholders stay', async () => {
    const body =
      '<h2 style="color:red">Hi {{first_name}} {{last_name}}</h2><script>alert(1)</script><p onclick="steal()">Your password: <strong>{{password}}</strong></p>' +
      '<a href="javascript:alert(1)">bad</a> <a href="{{link}}" target="_blank">{{link}}</a> <a href="https://example.test/help">help</a>' +
      '<iframe src="https://evil.example"></iframe><img src=x onerror="alert(2)"><ul><li><em>one</em></li></ul>';
    const res = await save({ name: 'Welcome', subject: 'Hello', body, user_id: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Successfully saved email template');
    const stored = (await list()).find((x: { name: string }) => x.name === 'Welcome').body as string;
    expect(stored).not.toMatch(/script|onclick|onerror|javascript:|iframe|<img|style=/i);
    for (const token of ['{{first_name}}', '{{last_name}}', '{{password}}', 'href="{{link}}"', '>{{link}}<'])
      expect(stored).toContain(token);
    expect(stored).toContain('<a href="https://example.test/help">help</a>');
    expect(stored).toContain('<ul><li><em>one</em></li></ul>');
    const onlyScript = await save({ name: 'Empty', body: '<script>alert(1)</script>' });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().error.message).toBe('Template name and body are mandatory');
  });

  it('updates subject and body but never the name; names are unique', async () => {
    const { id } = (await list()).find((x: { name: string }) => x.name === 'Welcome');
    const upd = await save({ id, name: 'Welcome', subject: 'Hello again', body: '<p>new {{link}}</p>' });
    expect(upd.json()).toEqual({ id, message: 'Successfully saved email template' });
    expect((await list()).find((x: { id: number }) => x.id === id)).toEqual({
      id,
      name: 'Welcome',
      subject: 'Hello again',
      body: '<p>new {{link}}</p>',
      is_default: false,
    });
    const renamed = await save({ id, name: 'Renamed', body: '<p>x</p>' }, r.admin, 'fr');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.message).toBe(formatMessage('fr', 'templateNameLocked'));
    const dup = await save({ name: 'welcome', body: '<p>x</p>' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('A template with this name already exists.');
    expect((await save({ name: '', body: '<p>x</p>' })).json().error.message).toBe(
      'Template name and body are mandatory',
    );
    expect((await save({ name: 'N', body: '' })).json().error.message).toBe('Template name and body are mandatory');
    expect((await save({ id: 99999, name: 'N', body: '<p>x</p>' })).statusCode).toBe(404);
  });

  it("refuses non-admins with the spec's messages and changes nothing", async () => {
    const before = await list();
    const { id } = before[0];
    for (const token of [r.simple, r.reseller]) {
      const add = await save({ name: 'Mine', body: '<p>x</p>' }, token);
      expect(add.statusCode).toBe(403);
      expect(add.json().error.message).toBe('You are not allowed to add email template');
      const upd = await save({ id, name: before[0].name, body: '<p>x</p>' }, token);
      expect(upd.json().error.message).toBe('You are not allowed to update email template');
      const del = await t.call('deleteTemplate', { id }, { token });
      expect(del.statusCode).toBe(403);
      expect(del.json().error.message).toBe('You are not allowed to delete email template');
    }
    const es = await save({ name: 'Mine', body: '<p>x</p>' }, r.simple, 'es');
    expect(es.json().error.message).toBe(formatMessage('es', 'templateAddNotAllowed'));
    expect((await t.call('deleteTemplate', { id })).statusCode).toBe(401);
    expect(await list()).toEqual(before);
  });

  it('deletes a template', async () => {
    const { id } = (await list()).find((x: { name: string }) => x.name === 'Zulu');
    expect((await t.call('deleteTemplate', { id }, { token: r.admin })).json()).toEqual({
      ok: true,
      message: 'Successfully Deleted Template',
    });
    expect((await list()).map((x: { name: string }) => x.name)).not.toContain('Zulu');
    expect((await t.call('deleteTemplate', { id }, { token: r.admin })).statusCode).toBe(404);
  });
});
