// The boot view's drawing (src/lib/boot-view.ts says what the view is and what a copy keeps), fetched by boot.js
// only on a signed-in tenant's subscribers page when there is a view to draw, so no other page carries it. Plain
// JavaScript run before any module, like boot.js. Text goes in as text (textContent, attributes), never as markup.
//
// __provisioDrawBootView(at) resolves with whether it drew: `at` holds the copy of this browser's own that fits
// (`copy`), or the build's stock file on its way (`stock`: a promise of its JSON, scripts/boot-stock.mjs) with the
// session's `creds` and `picture` (and for a reseller's user the `branding` reply); the tenant asked for; and
// boot.js's early replies (`tenants`, `page`).
globalThis.__provisioDrawBootView = function (at) {
  // A copy of the reply: the app reads it too (lib/early-requests.ts), and this runs before it can.
  var json = function (reply) {
    return reply.then(function (r) {
      return r.ok ? r.clone().json() : null;
    });
  };
  return Promise.all([at.stock, json(at.tenants), json(at.page), at.branding && json(at.branding)]).then(
    function (got) {
      var found = (got[1] || []).filter(function (t) {
        return t && t.tid === at.tenant;
      })[0];
      // A reseller's user whose reseller has a brand of its own: not the page the stock view was drawn as.
      if (!found || (at.branding && (!got[3] || got[3].branding))) return false;
      var copy = at.copy;
      if (!copy) {
        // The stock view: the copy the build drew for the tenant's app switches, with the user's name and picture
        // written in from the session (it was drawn for a made-up administrator).
        var stock = got[0];
        var html = stock && stock.v === 1 && stock.views[apps(found)];
        if (!html) return false;
        copy = { html: html, css: stock.css, build: entryPath(), apps: apps(found), rowTop: 0, rowHeight: 0 };
        copy.scheme = 'light';
      }
      var made = viewBox(copy.html, copy.css);
      if (!made) return false;
      if (!at.copy) {
        var picture = at.picture && at.picture !== 'null' && at.picture !== 'undefined' ? at.picture : null;
        made.box.querySelectorAll('[data-boot-me="name"]').forEach(function (el) {
          el.textContent = at.creds.name || at.creds.username || '';
        });
        made.box.querySelectorAll('img[data-boot-me="picture"]').forEach(function (img) {
          if (picture) img.setAttribute('src', picture);
        });
      }
      return draw(copy, made.box, made.template, found, got[2]);
    },
  );

  // The view's box from a copy's markup and styles, with its template row; null without one.
  function viewBox(html, css) {
    var box = document.createElement('div');
    box.id = 'boot-view';
    box.setAttribute('inert', '');
    box.setAttribute('aria-hidden', 'true');
    box.innerHTML = html;
    var template = box.querySelector('[data-boot-row]');
    if (!template) return null;
    var style = document.createElement('style');
    style.textContent = css;
    box.insertBefore(style, box.firstChild);
    return { box: box, template: template };
  }

  function draw(copy, box, template, found, rows) {
    var root = document.getElementById('root');
    if (!root || root.firstChild || document.getElementById('boot-view') || copy.build !== entryPath()) return false;
    // The tenant's app switches decide the switches' state and the table's app columns: as in the copy, or no view.
    if (apps(found) !== copy.apps || !rows || !rows.length) return false;
    // The rows that fill the window, and two more (the page above may be a little shorter than when the copy was
    // kept): at most the 15 the app draws first too (src/components/use-first-paint-rows.ts). Each row is some 60
    // elements to style, lay out and paint.
    var fit = copy.rowHeight > 0 ? Math.ceil((window.innerHeight - copy.rowTop) / copy.rowHeight) + 2 : 15;
    rows.slice(0, Math.min(15, Math.max(3, fit))).forEach(function (row) {
      var tr = template.cloneNode(true);
      tr.removeAttribute('data-boot-row');
      tr.querySelectorAll('[data-boot-field]').forEach(function (cell) {
        var value = row[cell.getAttribute('data-boot-field')];
        cell.textContent = value === undefined || value === null ? '' : String(value);
        if (cell.hasAttribute('title')) cell.setAttribute('title', cell.textContent);
      });
      template.parentNode.insertBefore(tr, template);
    });
    template.remove();
    box.querySelectorAll('input[data-boot-tenant]').forEach(function (input) {
      input.setAttribute('value', found.tname + ' (' + found.tid + ')');
    });
    var html = document.documentElement;
    if (copy.scheme && !html.hasAttribute('data-mantine-color-scheme'))
      html.setAttribute('data-mantine-color-scheme', copy.scheme);
    root.parentNode.insertBefore(box, root.nextSibling);
    html.classList.remove('boot-cover');
    return true;
  }

  // The same as appsMark in src/lib/boot-view.ts.
  function apps(tenant) {
    return (tenant.mobile_app_allowed ? '1' : '0') + (tenant.desktop_app_allowed ? '1' : '0');
  }

  // The app's entry: named by the built page (build/entry-link.ts), a script tag on the development server.
  function entryPath() {
    var named = document.querySelector('meta[name="provisio-modules"]');
    var script = document.querySelector('script[type="module"][src]');
    return (named && named.getAttribute('content').split(' ')[0]) || (script && script.getAttribute('src')) || '';
  }
};
