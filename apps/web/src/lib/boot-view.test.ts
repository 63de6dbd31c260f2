import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearBootPage, runBootScripts } from '../test/boot-script';
import { stubFetch } from '../test/render';
import { BOOT_VIEW_KEY, saveBootView, tokenMark, type BootView } from './boot-view';
import { endSession, startSession } from './session';

// The boot view end to end in jsdom: the app keeps a copy of the page (saveBootView), then public/boot.js, run as the
// next page load runs it, draws it with the fresh replies. e2e/specs/auth.spec.ts checks it in Chromium.
const TOKEN = 'tok-boot-1';
const OPTS = {
  rowSelector: '[data-testid="extensions-row"]',
  fields: ['extension', 'firstname', 'email'],
  keep: ['select'],
  rowTestId: 'extensions-row',
  tenantInput: 'input[data-testid="tenants-tenant"]',
};

const row = (ext: string, first: string, email: string) => `
  <tr data-testid="extensions-row" data-row-key="id-${ext}" class="tr">
    <td data-col="select"><input type="checkbox" data-testid="ext-check-${ext}"></td>
    <td data-col="extension"><span class="ext">${ext}</span></td>
    <td data-col="firstname"><span class="cut" title="${first}">${first}</span></td>
    <td data-col="admin"><span data-testid="ext-admin-${ext}">YES</span></td>
    <td data-col="email"><span class="cut" title="${email}">${email}</span></td>
    <td><button data-testid="ext-edit-${ext}" aria-label="Edit ${ext}">e</button></td>
  </tr>`;

/** A page as the app draws /tenants?tenant=acme.example, its entry script in the head. */
function drawPage(build = '/assets/index-abc.js') {
  document.head.innerHTML = `<script type="module" src="${build}"></script><style>.cover { color: red }</style>
    <style data-mantine-styles>:root { --mantine-test: 1px }</style>`;
  document.body.innerHTML = `<div id="root">
    <header><h1>Extension Management</h1></header>
    <input data-testid="tenants-tenant">
    <p data-boot-omit data-testid="tenant-mobile-usage">34 of 96 licences in use</p>
    <p data-boot-blank data-testid="extensions-total">Total: 120</p>
    <div data-boot-omit>Import: 40 %</div>
    <table><thead><tr><th>Extension</th><th>First name</th></tr></thead>
      <tbody>${row('100', 'Ben', 'ben@acme.example')}${row('101', 'Ana', 'ana@acme.example')}</tbody></table>
  </div>`;
  const tenantInput = document.querySelector<HTMLInputElement>('input[data-testid="tenants-tenant"]')!;
  tenantInput.value = 'Acme Logistics (acme.example)';
  document.querySelector<HTMLInputElement>('[data-testid="ext-check-101"]')!.checked = true;
  return document.getElementById('root')!;
}

function save(at: Partial<{ tenant: string; lang: string; token: string }> = {}) {
  const root = drawPage();
  const saved = saveBootView(
    root,
    { path: '/tenants', tenant: 'acme.example', apps: '00', lang: 'en', token: TOKEN, ...at },
    OPTS,
  );
  expect(saved).toBe(true);
  return JSON.parse(window.localStorage.getItem(BOOT_VIEW_KEY)!) as BootView;
}

const fresh = Array.from({ length: 20 }, (_, i) => ({
  extension: String(200 + i),
  firstname: i === 0 ? '<img src=x onerror="window.__pwned=1">' : `Name${i}`,
  email: `n${i}@acme.example`,
}));

const tenants = [
  { tid: 'acme.example', tname: 'Acme Renamed', mobile_app_allowed: false, desktop_app_allowed: false },
  { tid: 'other.example', tname: 'Other Co', mobile_app_allowed: false, desktop_app_allowed: false },
  { tid: 'mobile.example', tname: 'Mobile Co', mobile_app_allowed: true, desktop_app_allowed: false },
];

/** The next page load: an empty #root, then boot.js with the stored copy and the server's replies. */
async function reload(at = '/tenants?tenant=acme.example', storage: Record<string, string> = {}, build?: string) {
  const copy = window.localStorage.getItem(BOOT_VIEW_KEY);
  window.localStorage.clear();
  for (const [k, v] of Object.entries({ token: TOKEN, lang: 'en', ...storage })) window.localStorage.setItem(k, v);
  if (copy) window.localStorage.setItem(BOOT_VIEW_KEY, copy);
  drawPage(build);
  document.getElementById('root')!.replaceChildren();
  window.history.replaceState(null, '', at);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      stubFetch({
        '/me': { body: {} },
        // The tenant asked for (`search` is its id) comes first; the reply may hold others.
        '/tenantList': { body: [...tenants].sort((a) => (at.includes(a.tid) ? -1 : 1)) },
        '/getExtensions': { body: fresh },
        '/getLastProvisioned': { body: [] },
      }),
    ),
  );
  await runBootScripts();
  return document.getElementById('boot-view');
}

afterEach(clearBootPage);

describe('the boot view (lib/boot-view.ts, public/boot.js)', () => {
  it('keeps the page with one emptied row: no subscriber data, no figures, no test ids but the rows', () => {
    const copy = save();
    expect(copy).toMatchObject({ v: 4, build: '/assets/index-abc.js', lang: 'en', tenant: 'acme.example', apps: '00' });
    expect(copy.mark).toBe(tokenMark(TOKEN));
    expect(copy.html).not.toContain(TOKEN);
    // Mantine's variables come along; index.html's own styles are already on the page.
    expect(copy.css).toContain('--mantine-test');
    expect(copy.css).not.toContain('.cover');
    const kept = document.createElement('div');
    kept.innerHTML = copy.html;
    expect(kept.querySelectorAll('[data-testid="extensions-row"]')).toHaveLength(1);
    for (const data of [
      'Import: 40',
      'Ben',
      'Ana',
      'ben@',
      '>100<',
      '>101<',
      'Edit 100',
      'id-100',
      'YES',
      'Acme Logistics',
    ])
      expect(copy.html).not.toContain(data);
    expect(kept.querySelector('[data-boot-field="firstname"]')).toHaveAttribute('title', '');
    expect(kept.querySelector('[data-boot-blank]')).toHaveStyle({ visibility: 'hidden' });
    expect(kept.querySelector('input[data-boot-tenant]')).toHaveAttribute('value', '');
    expect(kept.querySelectorAll('[data-testid]')).toHaveLength(1);
    expect(kept.textContent).toContain('Extension Management');
  });

  it('the next load draws it at once with the fresh rows, as text, inert, and the tenant from its fresh reply', async () => {
    save();
    const view = await reload();
    expect(view).not.toBeNull();
    expect(view).toHaveAttribute('inert');
    expect(view).toHaveAttribute('aria-hidden', 'true');
    const rows = view!.querySelectorAll('[data-testid="extensions-row"]');
    expect(rows).toHaveLength(15);
    expect(rows[1]!.querySelector('[data-boot-field="extension"]')).toHaveTextContent('201');
    expect(rows[1]!.querySelector('[data-boot-field="firstname"]')).toHaveAttribute('title', 'Name1');
    expect(rows[1]!.querySelector('[data-boot-field="email"]')).toHaveTextContent('n1@acme.example');
    // Markup in the data stays text.
    expect(rows[0]!.querySelector('[data-boot-field="firstname"]')!.textContent).toBe(fresh[0]!.firstname);
    expect(view!.querySelector('img')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(view!.querySelector('input[data-boot-tenant]')).toHaveAttribute('value', 'Acme Renamed (acme.example)');
    // Figures the app's first render shows too (the total) keep their place, unseen, until it draws them.
    expect(view!.querySelector('[data-boot-blank]')).toHaveStyle({ visibility: 'hidden' });
    // Placed after #root, which index.html's style hides it behind once the app draws there.
    expect(document.getElementById('root')!.nextElementSibling).toBe(view);
  });

  it('draws as many rows as fill the window and two more, at least 3, at most 15', async () => {
    // jsdom lays nothing out: the copy says where the row was (0: unknown, so all 15, as above).
    expect(save()).toMatchObject({ rowTop: 0, rowHeight: 0 });
    const placed = (rowTop: number, rowHeight: number) => {
      const copy = JSON.parse(window.localStorage.getItem(BOOT_VIEW_KEY)!) as BootView;
      window.localStorage.setItem(BOOT_VIEW_KEY, JSON.stringify({ ...copy, rowTop, rowHeight }));
    };
    const drawn = async () => (await reload())!.querySelectorAll('[data-testid="extensions-row"]').length;
    expect(window.innerHeight).toBe(768);
    placed(400, 46); // (768 - 400) / 46 = 8 rows fill the window
    expect(await drawn()).toBe(10);
    placed(900, 46); // below the window (a phone): the first three
    expect(await drawn()).toBe(3);
    placed(100, 20); // 34 would fit: the app's first 15
    expect(await drawn()).toBe(15);
  });

  it('is drawn for another tenant with the same app switches, with its own name', async () => {
    save();
    const view = await reload('/tenants?tenant=other.example');
    expect(view!.querySelector('input[data-boot-tenant]')).toHaveAttribute('value', 'Other Co (other.example)');
    expect(view!.querySelectorAll('[data-testid="extensions-row"]')).toHaveLength(15);
  });

  it('is not drawn for another token, language, build or screen, or a tenant with other app switches', async () => {
    save();
    expect(await reload('/tenants?tenant=acme.example', { token: 'another-token' })).toBeNull();
    expect(await reload('/tenants?tenant=acme.example', { lang: 'fr' })).toBeNull();
    expect(await reload('/tenants?tenant=mobile.example')).toBeNull();
    expect(await reload('/tenants?tenant=missing.example')).toBeNull();
    expect(await reload('/tenants?tenant=acme.example', {}, '/assets/index-new.js')).toBeNull();
    expect(await reload('/dashboard')).toBeNull();
    expect(await reload('/tenants?tenant=acme.example')).not.toBeNull();
  });

  it('is dropped when the session ends', () => {
    startSession(TOKEN, { username: 'admin', cloud_id: 'X', name: 'Admin', id: 1, user_type: 'admin' }, null);
    save();
    endSession();
    expect(window.localStorage.getItem(BOOT_VIEW_KEY)).toBeNull();
  });
});
