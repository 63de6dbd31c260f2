import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearBootPage, runBootScripts } from '../test/boot-script';
import { stubFetch } from '../test/render';

// public/boot.js's stock view in jsdom: with no copy of this browser's own, the copies the build drew
// (scripts/boot-stock.mjs) are drawn with the fresh replies, for an administrator whose page they are exactly.
// e2e/specs/boot-view.spec.ts checks the real files in Chromium.
const FILE = '/assets/boot-stock-abc.{role}.{lang}.json';
const COLORS = { primary: '#4466f2', secondary: '#1ea6ec' };

const view = (apps: string) => `<header><img data-boot-me="picture" alt="" src="data:default">
  <p data-boot-me="name"></p><h1>Extension Management ${apps}</h1></header>
  <input data-boot-tenant value="">
  <table><tbody><tr data-testid="extensions-row" data-boot-row><td><input type="checkbox"></td>
    <td data-col="extension"><span data-boot-field="extension"></span></td>
    <td data-col="firstname"><span data-boot-field="firstname" title=""></span></td></tr></tbody></table>`;
const stock = (lang: string) => ({
  v: 1,
  css: `.stock-${lang} { color: red }`,
  views: { '00': view('00'), '10': view('10') },
});

const admin = { username: 'ada', name: 'Ada Admin', id: 1, cloud_id: 'DEMO', user_type: 'admin' };
const fresh = Array.from({ length: 20 }, (_, i) => ({
  extension: String(200 + i),
  firstname: i === 0 ? '<img src=x onerror="window.__pwned=1">' : `Name${i}`,
}));
const tenants = [
  { tid: 'acme.example', tname: 'Acme', mobile_app_allowed: false, desktop_app_allowed: false },
  { tid: 'mobile.example', tname: 'Mobile Co', mobile_app_allowed: true, desktop_app_allowed: false },
];

/** A page load of `at` with `storage` (an administrator by default) and the server's replies. */
async function load(
  at = '/tenants?tenant=acme.example',
  storage: Record<string, string | null> = {},
  brand: { name: string } | null = null,
) {
  window.localStorage.clear();
  const values = {
    token: 'tok',
    lang: 'en',
    creds: JSON.stringify(admin),
    primary_color: COLORS.primary,
    secondary_color: COLORS.secondary,
    ...storage,
  };
  for (const [k, v] of Object.entries(values)) if (v !== null) window.localStorage.setItem(k, v);
  document.head.innerHTML = `<meta name="provisio-boot-stock" content="${FILE}" data-colors="#4466f2 #1ea6ec">
    <script type="module" src="/assets/index-abc.js"></script>`;
  document.body.innerHTML = '<div id="root"></div>';
  window.history.replaceState(null, '', at);
  const fetch = vi.fn(
    stubFetch({
      '/me': { body: {} },
      '/tenantList': { body: tenants },
      '/getExtensions': { body: fresh },
      '/getLastProvisioned': { body: [] },
      '/myBranding': { body: { branding: brand } },
      '/assets/boot-stock-abc.admin.en.json': { body: stock('en') },
      '/assets/boot-stock-abc.admin.fr.json': { body: stock('fr') },
      '/assets/boot-stock-abc.reseller.en.json': { body: stock('reseller') },
    }),
  );
  vi.stubGlobal('fetch', fetch);
  await runBootScripts();
  const stockAsked = fetch.mock.calls.filter(([url]) => String(url).startsWith('/assets/boot-stock')).map(String);
  return { view: document.getElementById('boot-view'), stockAsked };
}

afterEach(clearBootPage);

describe('the stock boot view (public/boot.js, scripts/boot-stock.mjs)', () => {
  it("draws the build's page for the tenant's app switches with the fresh rows, the user's name and picture", async () => {
    const { view, stockAsked } = await load('/tenants?tenant=acme.example', { profileURL: '/uploads/ada.png' });
    expect(stockAsked).toEqual(['/assets/boot-stock-abc.admin.en.json']);
    expect(view).not.toBeNull();
    expect(view!.getAttribute('inert')).toBe('');
    expect(view!.querySelector('h1')!.textContent).toBe('Extension Management 00');
    expect(view!.querySelector('style')!.textContent).toBe('.stock-en { color: red }');
    expect(view!.querySelector('[data-boot-me="name"]')!.textContent).toBe('Ada Admin');
    expect(view!.querySelector('img')!.getAttribute('src')).toBe('/uploads/ada.png');
    expect(view!.querySelector('input[data-boot-tenant]')!.getAttribute('value')).toBe('Acme (acme.example)');
    const rows = view!.querySelectorAll('[data-testid="extensions-row"]');
    expect(rows).toHaveLength(15);
    expect(rows[1]!.textContent).toContain('Name1');
    // Text goes in as text: the first row's name is not markup.
    expect(rows[0]!.querySelector('[data-boot-field="firstname"]')!.textContent).toContain('<img');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(document.documentElement.classList.contains('boot-cover')).toBe(false);
  });

  it("picks the page of the tenant's switches and the page's language; the default picture without one", async () => {
    const { view, stockAsked } = await load('/tenants?tenant=mobile.example', { lang: 'fr' });
    expect(stockAsked).toEqual(['/assets/boot-stock-abc.admin.fr.json']);
    expect(view!.querySelector('h1')!.textContent).toBe('Extension Management 10');
    expect(view!.querySelector('style')!.textContent).toContain('.stock-fr');
    expect(view!.querySelector('img')!.getAttribute('src')).toBe('data:default');
  });

  it('is not drawn where the page would differ: another role, columns hidden, other colours, a view as someone', async () => {
    const tenantUser = JSON.stringify({ ...admin, user_type: 'simple user' });
    const pages: Record<string, string | null>[] = [
      { creds: tenantUser },
      { creds: null },
      { 'provisio.subscribers.hidden.ada': '["email"]' },
      { primary_color: '#aa0000' },
      { view_as: '{"token":"x"}' },
    ];
    for (const storage of pages) {
      const { view, stockAsked } = await load('/tenants?tenant=acme.example', storage);
      expect(view, JSON.stringify(storage)).toBeNull();
      expect(stockAsked).toEqual([]);
    }
    // No such tenant in the reply, or no stock file for the page: nothing drawn either.
    expect((await load('/tenants?tenant=gone.example')).view).toBeNull();
    expect((await load('/tenants?tenant=acme.example', { lang: 'pt' })).view).toBeNull();
    // An empty column choice is the default one, and no colours stored are the default ones.
    expect(
      (await load('/tenants?tenant=acme.example', { primary_color: null, secondary_color: null })).view,
    ).not.toBeNull();
    expect(
      (await load('/tenants?tenant=acme.example', { 'provisio.subscribers.hidden.ada': '[]' })).view,
    ).not.toBeNull();
  });

  it("a reseller's user: the reseller's page when the reseller has no brand of its own, none when it has", async () => {
    const creds = JSON.stringify({ ...admin, user_type: 'reseller user' });
    const plain = await load('/tenants?tenant=acme.example', { creds });
    expect(plain.stockAsked).toEqual(['/assets/boot-stock-abc.reseller.en.json']);
    expect(plain.view!.querySelector('style')!.textContent).toContain('.stock-reseller');
    expect(plain.view!.querySelector('[data-boot-me="name"]')!.textContent).toBe('Ada Admin');
    const branded = await load('/tenants?tenant=acme.example', { creds }, { name: 'Resold' });
    expect(branded.view).toBeNull();
  });
});
