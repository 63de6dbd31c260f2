// The first script of every page (index.html), a file rather than an inline script because the CSP allows only files.
//
// 1. Read by zod when it loads (before any schema is built): the CSP forbids eval, and without this zod probes
//    `new Function` once, which the browser reports as a CSP violation.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

// 2. Early requests (issue #19): a signed-in screen's first calls leave now, while the app's chunks load and run,
//    instead of after the session check has rendered. The app's own call (lib/api.ts) takes the reply when it makes
//    the very same request (method, path, token, language, body), once, within a few seconds
//    (src/lib/early-requests.ts); otherwise it is never read. Plain JavaScript run before any module: the requests
//    are spelt as the app spells them, which src/lib/early-requests.test.ts checks against the app's own calls.
(function () {
  try {
    var store = window.localStorage;
    var token = store.getItem('token');
    if (!token) return;
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
    };
    // Every signed-in screen checks the session first (RequireAuth), and shows a plain cover (index.html's style) in
    // the portal's or the reseller's colour until the app renders (src/main.tsx).
    if (!/^\/(login|reset|appSignin|getQR|cdrs|testSDP|settings_tab|error|\d{3}$)/.test(window.location.pathname)) {
      ask('GET', '/me');
      var colour = store.getItem('primary_color');
      if (/^#[0-9a-f]{6}$/i.test(colour)) document.documentElement.style.setProperty('--boot-color', colour);
      document.documentElement.classList.add('boot-cover');
    }
    // A tenant's subscribers opened directly: the tenant, its first page and its provisioning dates.
    var tenant = new URLSearchParams(window.location.search).get('tenant');
    if (window.location.pathname === '/tenants' && tenant) {
      ask('POST', '/tenantList', { search: tenant, limit: 50 });
      ask('POST', '/getExtensions', { tenant_id: tenant, sort: 'extension', order: 'asc', limit: 50, offset: 0 });
      ask('POST', '/getLastProvisioned', { tenant_id: tenant });
    }
  } catch (e) {
    // No storage (a private window that refuses it): the app asks for everything itself.
  }
})();
