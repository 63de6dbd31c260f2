// The stock boot view (issue #19; src/boot-stock/render.tsx, src/lib/boot-view.ts): after `vite build`, the app's
// subscribers screen is built once more for Node, drawn in jsdom for a signed-in administrator and a reseller's user
// on a tenant of one subscriber, in each language and for each pair of the tenant's app switches, and the copies the
// app keeps are written to dist/assets/boot-stock-<hash>.<role>.<lang>.json, named in dist/index.html for
// public/boot.js. The replies below are
// the screen's calls as the server answers them (the contract's shapes), for one made-up tenant: nothing of a real
// tenant is in the file.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const here = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.env.WEB_DIST ?? path.join(here, 'dist'));
const LANGUAGES = ['en', 'es', 'pt', 'fr'];
const APPS = ['00', '01', '10', '11'];
// The colours the portal starts with (src/lib/session.ts DEFAULT_COLORS): boot.js draws the stock view only with them.
const COLORS = { primary: '#4466f2', secondary: '#1ea6ec' };
const NAME = 'Stock Name 7f3a';
// The roles drawn, by the name of their file: an administrator, and a reseller's user of a reseller with no brand of
// its own (their menus and buttons differ). A tenant's users are not drawn.
const ROLES = { admin: 'admin', reseller: 'reseller user' };

if (process.argv[2] === 'draw') await draw(process.argv[3], process.argv[4]);
else await main();

async function main() {
  const started = Date.now();
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-boot-stock-'));
  try {
    const { build } = await import('vite');
    await build({
      root: here,
      configFile: path.join(here, 'vite.config.ts'),
      logLevel: 'error',
      // Everything bundled, so the aliases (React is Preact) apply to the libraries too.
      // Resolved as for the browser (the client build's modules, not their Node or development builds).
      ssr: { noExternal: true, target: 'node', resolve: { conditions: ['browser', 'production', 'module', 'import'] } },
      build: { ssr: 'src/boot-stock/render.tsx', outDir: out, emptyOutDir: true, manifest: false, minify: false },
    });
    const bundle = path.join(out, 'render.js');
    const run = promisify(execFile);
    const views = {};
    // One process per language (its own jsdom, storage and modules), two at a time (the machine's two cores).
    const languages = [...LANGUAGES];
    const next = async () => {
      const lang = languages.shift();
      if (!lang) return;
      const { stdout } = await run(process.execPath, [import.meta.filename, 'draw', bundle, lang], {
        maxBuffer: 64 * 1024 * 1024,
      });
      views[lang] = JSON.parse(stdout);
      await next();
    };
    await Promise.all([next(), next()]);
    write(views);
    console.log(
      `boot-stock: ${LANGUAGES.length * APPS.length * Object.keys(ROLES).length} views in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/** One language: prints the copies the app kept for each role and pair of app switches (JSON, by both). */
async function draw(bundle, lang) {
  const { JSDOM } = await import('jsdom');
  const tenant = 'stock.example';
  const dom = new JSDOM('<!doctype html><html><head></head><body><div id="root"></div></body></html>', {
    url: `http://localhost/tenants?tenant=${tenant}`,
    pretendToBeVisual: true,
  });
  const { window } = dom;
  const store = window.localStorage;
  // A name found nowhere else on the page: its places are marked for boot.js, which writes the user's there.
  const user = { id: 1, username: 'stock', name: NAME, cloud_id: 'STOCK', user_type: 'admin' };
  store.setItem('token', 'stock');
  store.setItem('authenticated', 'true');
  store.setItem('lang', lang);
  store.setItem('primary_color', COLORS.primary);
  store.setItem('secondary_color', COLORS.secondary);
  const row = {
    id: 1,
    tenant_id: tenant,
    extension: '100',
    domain: tenant,
    site_name: 'Main',
    firstname: 'First',
    lastname: 'Last',
    admin: false,
    email: 'first.last@stock.example',
    linked: false,
    mobile_app_allowed: false,
    desktop_app_allowed: false,
  };
  const replies = {
    '/me': { ...user, url: null },
    '/myBranding': null,
    '/tenantList': [],
    '/getExtensions': [row],
    '/getLastProvisioned': [],
    '/getAppUsage': { mobile: { used: 0, limit: 0 }, desktop: { used: 0, limit: 0 }, extensions: 1 },
    '/getRemoteDomains': [],
  };
  const unknown = [];
  const fetch = async (input) => {
    const url = new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
    const name = url.pathname.replace('/api/v1', '');
    if (!(name in replies)) {
      unknown.push(name);
      return new window.Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return new Response(JSON.stringify(replies[name]), { headers: { 'Content-Type': 'application/json' } });
  };
  // What the app reads from a browser and jsdom has not (as vitest.setup.ts gives the unit tests).
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
  });
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.HTMLElement.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
  window.fetch = fetch;
  globalThis.__zod_globalConfig = { jitless: true };
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in globalThis || key === 'undefined') continue;
    try {
      globalThis[key] = window[key];
    } catch {
      // read-only: left as Node's
    }
  }
  // Node has its own of these; the DOM's listeners take only jsdom's.
  const dom_ = ['AbortController', 'AbortSignal', 'Event', 'EventTarget', 'CustomEvent', 'MessageEvent'];
  for (const key of [
    'window',
    'document',
    'navigator',
    'localStorage',
    'sessionStorage',
    'location',
    'history',
    ...dom_,
  ])
    Object.defineProperty(globalThis, key, { value: window[key], configurable: true, writable: true });
  globalThis.fetch = fetch;
  globalThis.requestAnimationFrame = window.requestAnimationFrame.bind(window);
  globalThis.cancelAnimationFrame = window.cancelAnimationFrame.bind(window);
  // The copy is kept 0.2 s after the page has drawn, as in the hidden frame that primes it in a browser
  // (lib/boot-view-prime.ts), rather than 0.8 s: nothing here is still loading.
  const frame = window.document.createElement('iframe');
  frame.setAttribute('data-boot-prime', '');
  Object.defineProperty(window, 'frameElement', { value: frame });
  const { renderStock } = await import(bundle);
  const copies = {};
  for (const [role, userType] of Object.entries(ROLES)) {
    user.user_type = userType;
    store.setItem('creds', JSON.stringify(user));
    replies['/me'] = { ...user, url: null };
    copies[role] = {};
    for (const apps of APPS) {
      replies['/tenantList'] = [
        { tid: tenant, tname: 'Stock', mobile_app_allowed: apps[0] === '1', desktop_app_allowed: apps[1] === '1' },
      ];
      const copy = JSON.parse(await renderStock());
      if (copy.apps !== apps || copy.lang !== lang) throw new Error(`boot-stock: a copy of ${copy.apps} ${copy.lang}`);
      copies[role][apps] = markUser(window, copy.html);
    }
  }
  if (unknown.length) throw new Error(`boot-stock: calls without a reply: ${[...new Set(unknown)].join(', ')}`);
  // Then out, whatever timers the page left (a pipe is written asynchronously: exit once it is all out).
  process.stdout.write(JSON.stringify(copies), () => process.exit(0));
}

/**
 * The user's name (`data-boot-me="name"`) and picture (`data-boot-me="picture"`, its alt text too) as boot.js fills
 * them from the session it finds: the copy was drawn with a made-up user.
 */
function markUser(window, html) {
  const box = window.document.createElement('div');
  box.innerHTML = html;
  let names = 0;
  for (const el of box.querySelectorAll('*')) {
    if (el.childElementCount === 0 && el.textContent === NAME) {
      el.setAttribute('data-boot-me', 'name');
      el.textContent = '';
      names++;
    }
    if (el.tagName === 'IMG' && el.getAttribute('alt') === NAME) {
      el.setAttribute('data-boot-me', 'picture');
      el.setAttribute('alt', '');
    }
  }
  if (names === 0 || box.innerHTML.includes(NAME)) throw new Error('boot-stock: the user name not found, or left');
  return box.innerHTML;
}

/**
 * One file per role and language (the page fetches its own), named by the hash of all, with the screen's stylesheets
 * (those index.html does not link: the shell's and the subscribers' chunks, from the build's manifest) and the views
 * by the tenant's app switches. dist/index.html names them for boot.js.
 */
function write(views) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const linked = new Set(manifest['index.html']?.css ?? []);
  const cssOf = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return [];
    seen.add(key);
    const chunk = manifest[key];
    return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((k) => cssOf(k, seen))];
  };
  const screens = ['src/app/layout/AppLayout.tsx', 'src/features/tenants/components/TenantsPage.tsx'];
  if (screens.some((key) => !manifest[key])) throw new Error('boot-stock: the screens are not in the manifest');
  const files = [...new Set(screens.flatMap((key) => cssOf(key)))].filter((file) => !linked.has(file));
  const css = files.map((file) => fs.readFileSync(path.join(dist, file), 'utf8')).join('\n');
  const bodies = LANGUAGES.flatMap((lang) =>
    Object.keys(ROLES).map((role) => ({ role, lang, body: JSON.stringify({ v: 1, css, views: views[lang][role] }) })),
  );
  const hash = createHash('sha256')
    .update(bodies.map((b) => b.body).join(''))
    .digest('hex')
    .slice(0, 10);
  for (const { role, lang, body } of bodies)
    fs.writeFileSync(path.join(dist, `assets/boot-stock-${hash}.${role}.${lang}.json`), body);
  const index = path.join(dist, 'index.html');
  const html = fs.readFileSync(index, 'utf8');
  const colors = `${COLORS.primary} ${COLORS.secondary}`;
  const meta = `<meta name="provisio-boot-stock" content="/assets/boot-stock-${hash}.{role}.{lang}.json" data-colors="${colors}" />`;
  const named = html
    .replace(/<meta name="provisio-boot-stock"[^>]*>\s*/, '')
    .replace(/(<meta name="provisio-modules")/, `${meta}\n    $1`);
  if (!named.includes(meta)) throw new Error('boot-stock: dist/index.html names no modules');
  fs.writeFileSync(index, named);
}
