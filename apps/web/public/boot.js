// The first script of every page (index.html), a file rather than an inline script because the CSP allows only files.
//
// 1. Read by zod when it loads (before any schema is built): the CSP forbids eval, and without this zod probes
//    `new Function` once, which the browser reports as a CSP violation.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

(function () {
  // 4 (below) waits for this when a boot view is on its way: resolved once it is drawn or given up.
  var view = null;
  // The app's entry and the modules it needs first, the entry first (apps/web/build/entry-link.ts); none on the
  // development server, where the entry is a script tag that runs itself.
  var named = document.querySelector('meta[name="provisio-modules"]');
  var modules = named ? named.getAttribute('content').split(' ') : [];
  var parsed = new Promise(function (done) {
    if (document.readyState !== 'loading') done();
    else document.addEventListener('DOMContentLoaded', done);
  });

  // 2. Early requests (issue #19): a signed-in screen's first calls leave now, while the app's chunks load and run,
  //    instead of after the session check has rendered. The app's own call (lib/api.ts) takes the reply when it makes
  //    the very same request (method, path, token, language, body), once, within a few seconds
  //    (src/lib/early-requests.ts); otherwise it is never read. Plain JavaScript run before any module: the requests
  //    are spelt as the app spells them, which src/lib/early-requests.test.ts checks against the app's own calls.
  try {
    var store = window.localStorage;
    var token = store.getItem('token');
    if (token) {
      var lang = store.getItem('lang');
      if (['en', 'es', 'pt', 'fr'].indexOf(lang) < 0) lang = 'en';
      var early = (globalThis.__provisioEarly = {});
      var ask = function (method, path, body) {
        var headers = { Accept: 'application/json', 'Accept-Language': lang, Token: token };
        if (body !== undefined) headers['Content-Type'] = 'application/json';
        var text = body === undefined ? undefined : JSON.stringify(body);
        var reply = fetch('/api/v1' + path, { method: method, headers: headers, body: text });
        reply.catch(function () {});
        early[[method, '/api/v1' + path, token, lang, text || ''].join(' ')] = { at: Date.now(), reply: reply };
        return reply;
      };
      // A tenant's subscribers opened directly: its first page, the tenant and its provisioning dates. First, as the
      // boot view (3, below) waits for the first two: the server answers in the order they arrive.
      var tenant = new URLSearchParams(window.location.search).get('tenant');
      if (window.location.pathname === '/tenants' && tenant) {
        var page = ask('POST', '/getExtensions', {
          tenant_id: tenant,
          sort: 'extension',
          order: 'asc',
          limit: 50,
          offset: 0,
        });
        var tenants = ask('POST', '/tenantList', { search: tenant, limit: 50 });
        view = bootView(store, token, lang, tenant, tenants, page);
        ask('POST', '/getLastProvisioned', { tenant_id: tenant });
      }
      // Every signed-in screen checks the session first (RequireAuth), and shows a plain cover (index.html's style)
      // in the portal's or the reseller's colour until the app renders (src/main.tsx).
      if (!/^\/(login|reset|appSignin|getQR|cdrs|testSDP|settings_tab|error|\d{3}$)/.test(window.location.pathname)) {
        ask('GET', '/me');
        var colour = store.getItem('primary_color');
        if (/^#[0-9a-f]{6}$/i.test(colour)) document.documentElement.style.setProperty('--boot-color', colour);
        document.documentElement.classList.add('boot-cover');
      }
    }
  } catch (e) {
    // No storage (a private window that refuses it): the app asks for everything itself.
  }
  // The app's modules are fetched and compiled from now on, while the page is parsed, unless a boot view is on its
  // way: then once it is drawn (4, below), as their cached files and compiling would delay its replies and the
  // page's parsing.
  if (!view) preload();

  // 3. The boot view (src/lib/boot-view.ts says what it is and what it keeps; public/boot-view.js draws it): the screen
  //    as the app last drew it for this token, language, build and width class, on a tenant with the same app
  //    switches as this one (any tenant: the name and rows come from the fresh replies), shown until the app renders;
  //    or, with no such copy in this browser, the stock view. Decided here, at once (with no view on its way the
  //    app's modules are linked now); boot-view.js is fetched only when there is one. A promise of whether it was
  //    drawn, or null.
  function bootView(store, token, lang, tenant, tenants, page) {
    var copy = JSON.parse(store.getItem('provisio.bootView') || 'null');
    var width = [576, 768, 992, 1200, 1408].filter(function (b) {
      return window.innerWidth >= b;
    }).length;
    var fits = copy && copy.v === 4 && copy.mark === mark(token) && copy.lang === lang;
    var at = { tenant: tenant, tenants: tenants, page: page };
    if (fits && copy.path === '/tenants' && copy.width === width) at.copy = copy;
    else if (!stockView(store, lang, at)) return null;
    return Promise.all([drawer(), parsed])
      .then(function (got) {
        return got[0](at);
      })
      .catch(function () {
        return false;
      });
  }

  // The stock view (src/boot-stock/render.tsx, scripts/boot-stock.mjs): the copies the app drew at build time for a
  // signed-in administrator and a reseller's user, one per pair of the tenant's app switches, in the page's language.
  // Only where it is exactly what the app will draw: one of those roles (their menus and buttons), not viewing as
  // someone else, with the colours it was drawn with and every column shown (the chooser's default), and for a
  // reseller's user no brand of the reseller's (boot-view.js waits for that reply). Its file is asked for now, with
  // the early requests.
  function stockView(store, lang, at) {
    var named = document.querySelector('meta[name="provisio-boot-stock"]');
    var creds = JSON.parse(store.getItem('creds') || 'null');
    var role = creds && { admin: 'admin', 'reseller user': 'reseller' }[creds.user_type];
    if (!named || !role || store.getItem('view_as')) return false;
    var hidden = store.getItem('provisio.subscribers.hidden.' + creds.username);
    if (hidden && hidden !== '[]') return false;
    // The portal's default colours, which the app stores when none is.
    var drawn = (named.getAttribute('data-colors') || '').split(' ');
    var colors = [store.getItem('primary_color') || drawn[0], store.getItem('secondary_color') || drawn[1]];
    if (colors.join(' ').toLowerCase() !== drawn.join(' ')) return false;
    at.creds = creds;
    at.picture = store.getItem('profileURL');
    at.stock = fetch(named.getAttribute('content').replace('{role}', role).replace('{lang}', lang)).then(function (r) {
      return r.ok ? r.json() : null;
    });
    // A reseller's user sees the reseller's brand when it has one (the app asks the same: lib/early-requests.ts).
    if (role !== 'admin') at.branding = ask('POST', '/myBranding', {});
    return true;
  }

  // public/boot-view.js, once (minified and hashed in the build, named by the page: build/entry-link.ts).
  function drawer() {
    if (globalThis.__provisioDrawBootView) return Promise.resolve(globalThis.__provisioDrawBootView);
    return new Promise(function (done, fail) {
      var named = document.querySelector('meta[name="provisio-boot-view"]');
      var script = document.createElement('script');
      script.src = named ? named.getAttribute('content') : '/boot-view.js';
      script.onload = function () {
        done(globalThis.__provisioDrawBootView);
      };
      script.onerror = fail;
      document.head.appendChild(script);
    });
  }

  // FNV-1a, 32 bits, as hex: the same as tokenMark in src/lib/boot-view.ts.
  function mark(token) {
    var hash = 0x811c9dc5;
    for (var i = 0; i < token.length; i++) {
      hash ^= token.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash.toString(16);
  }

  // Links the app's modules, once: the browser fetches and compiles them as it would a module script's imports.
  var linked = false;
  function preload() {
    if (linked) return;
    linked = true;
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  }

  // 4. The app starts once the page is parsed (as a module script would). When a boot view is on its way, it starts
  //    once the view has been painted, or given up, or HOLD_MS after the page was parsed: the entry's evaluation is
  //    one long task that would hold the view's first frame back.
  var HOLD_MS = 600;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preload();
    if (modules[0]) import(modules[0]);
  }
  parsed.then(function () {
    if (!view) return start();
    setTimeout(start, HOLD_MS);
    view.then(function (drawn) {
      if (!drawn) return start();
      // After the frame that shows the view, and the next: its painting (off the main thread) is done before the
      // app's long first task takes the main thread.
      requestAnimationFrame(function () {
        requestAnimationFrame(function () {
          setTimeout(start);
        });
      });
    }, start);
  });
})();
