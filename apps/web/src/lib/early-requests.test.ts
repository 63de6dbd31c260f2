import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicRoutes } from '../app/routes';
import { getMe } from '../features/auth/api/get-me';
import { getTenant } from '../features/tenants/api/get-tenant';
import { lastProvisionedQuery } from '../features/tenants/api/get-last-provisioned';
import { FIRST_PAGE, listExtensions } from '../features/tenants/api/list-extensions';
import { stubFetch } from '../test/render';
import { callApi } from './api';
import { changeLanguage } from './i18n';

// public/boot.js is plain JavaScript run before any module: these tests run it as the page does and check that the
// requests it makes are the very ones the app's own calls make (else the app would quietly ask again).
const BOOT = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/boot.js'), 'utf8');
const me = { id: 1, name: 'Admin', username: 'admin', user_type: 'admin', url: null, cloud_id: 'DEMO' };
const replies = stubFetch({
  '/me': { body: me },
  '/tenantList': { body: [] },
  '/getExtensions': { body: [] },
  '/getLastProvisioned': { body: [] },
  '/myBranding': { body: { branding: null } },
});

function boot(at: string, storage: Record<string, string> = { token: 'tok-1' }) {
  window.history.replaceState(null, '', at);
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  window.localStorage.clear();
  for (const [k, v] of Object.entries(storage)) window.localStorage.setItem(k, v);
  const fetch = vi.fn(replies);
  vi.stubGlobal('fetch', fetch);
  new Function(BOOT)();
  return fetch;
}
const asked = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`);

afterEach(() => {
  globalThis.__provisioEarly = undefined;
  window.history.replaceState(null, '', '/');
});

describe('early requests (public/boot.js)', () => {
  it("a tenant's subscribers opened directly: the app takes each of the four replies instead of asking again", async () => {
    const fetch = boot('/tenants?tenant=acme.example');
    expect(asked(fetch).sort()).toEqual([
      'GET /api/v1/me',
      'POST /api/v1/getExtensions',
      'POST /api/v1/getLastProvisioned',
      'POST /api/v1/tenantList',
    ]);
    await expect(getMe()).resolves.toEqual(me);
    await expect(getTenant('acme.example')).resolves.toBeNull();
    await expect(listExtensions('acme.example', FIRST_PAGE)).resolves.toEqual({ rows: [], total: 0 });
    await expect(lastProvisionedQuery('acme.example').queryFn()).resolves.toEqual(new Map());
    expect(fetch).toHaveBeenCalledTimes(4);
    // Each reply is taken once: the same call again asks the server.
    await getMe();
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('is taken in the stored language once the app has started in it', async () => {
    const fetch = boot('/dashboard', { token: 'tok-1', lang: 'fr' });
    await changeLanguage('fr');
    await expect(getMe()).resolves.toEqual(me);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is not taken for another request, another token or another language, nor after 10 s', async () => {
    let fetch = boot('/tenants?tenant=acme.example');
    await listExtensions('acme.example', { ...FIRST_PAGE, offset: 50 });
    await listExtensions('other.example', FIRST_PAGE);
    expect(fetch).toHaveBeenCalledTimes(6);

    fetch = boot('/dashboard');
    window.localStorage.setItem('token', 'tok-2');
    await getMe();
    expect(fetch).toHaveBeenCalledTimes(2);

    // The stored language is Spanish, the app still shows English: the reply's messages would be in the wrong one.
    fetch = boot('/dashboard', { token: 'tok-1', lang: 'es' });
    const [, init] = fetch.mock.calls[0] as unknown as [string, { headers: Record<string, string> }];
    expect(init.headers['Accept-Language']).toBe('es');
    await getMe();
    expect(fetch).toHaveBeenCalledTimes(2);

    vi.useFakeTimers({ toFake: ['Date'] });
    fetch = boot('/dashboard', { token: 'tok-1', lang: 'en' });
    vi.setSystemTime(Date.now() + 10_001);
    await getMe();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks nothing without a stored token, and no session check (nor its cover) on the pages open to all', () => {
    const covered = () => document.documentElement.classList.contains('boot-cover');
    expect(boot('/tenants?tenant=acme.example', {})).not.toHaveBeenCalled();
    expect(covered()).toBe(false);
    for (const route of publicRoutes) {
      const at = `/${String(route.path)
        .replace(/^\//, '')
        .replace(/:\w+|\*/g, 'x')}`;
      expect(asked(boot(at)), at).toEqual([]);
      expect(covered(), at).toBe(false);
    }
    expect(asked(boot('/dashboard', { token: 't', primary_color: '#aa3300' }))).toEqual(['GET /api/v1/me']);
    expect(covered()).toBe(true);
    expect(document.documentElement.style.getPropertyValue('--boot-color')).toBe('#aa3300');
    // Only a colour is taken from storage into the page's style.
    boot('/dashboard', { token: 't', primary_color: 'red; background: url(x)' });
    expect(covered()).toBe(true);
    expect(document.documentElement.style.getPropertyValue('--boot-color')).toBe('');
  });

  it("a reseller's user on a tenant's subscribers, with the stock view to draw: the brand is asked for as the app asks", async () => {
    document.head.innerHTML =
      '<meta name="provisio-boot-stock" content="/assets/stock.{role}.{lang}.json" data-colors="#4466f2 #1ea6ec">';
    const creds = { username: 'rita', name: 'Rita', id: 3, cloud_id: 'DEMO', user_type: 'reseller user' };
    const fetch = boot('/tenants?tenant=acme.example', { token: 'tok-1', creds: JSON.stringify(creds) });
    document.head.innerHTML = '';
    expect(asked(fetch)).toContain('POST /api/v1/myBranding');
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/assets/stock.reseller.en.json');
    const before = fetch.mock.calls.length;
    await expect(callApi('myBranding', {}, { silent: true })).resolves.toEqual({ branding: null });
    expect(fetch).toHaveBeenCalledTimes(before);
  });
});
