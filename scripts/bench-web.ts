/**
 * Web performance budget (issues #9 and #17). Run from the repository root after `npm run build`:
 * `npx tsx scripts/bench-web.ts`. Starts a real server (SQLite, demo data) serving apps/web/dist (or WEB_DIST), adds a
 * tenant with 10,000 extensions through the API, then in Debian's Chromium:
 *   - the JavaScript each first page loads (sign-in, password resets, /appSignin, /getQR, /cdrs) and the admin shell
 *     before the first screen's own chunks, measured as e2e/support/web-budget.ts says (the budget spec
 *     e2e/specs/web-budget.spec.ts checks the same figures), with the budget of each;
 *   - the time from navigation to the first visible extension row of /tenants?tenant=<the 10,000 tenant>
 *     (median of BENCH_RUNS, default 5, each in a fresh context with an empty cache, then in a new tab of that context
 *     with the assets cached; from the second visit the boot view draws the first rows before the app runs, and the
 *     app's own first row and the first contentful paint are given beside), from the portal directly (HTTP/1.1) and,
 *     when Debian's nginx is installed, as
 *     docs/deploy.md deploys it: the shipped nginx site in front with TLS and HTTP/2 (scripts/nginx-front.ts);
 *   - a new browser's first visit as an administrator makes it: signed in through the page, then the same tenant
 *     chosen in the screen's picker; from the click on the tenant to the app's first row (median of BENCH_RUNS);
 *   - a new browser opening the tenant's address signed out, sent to sign in and back: from Sign In to the first row;
 *   - a new browser signed in through the page that rests on the dashboard until the app has primed the boot view's
 *     copy in a hidden frame, then opens the tenant's page by its address: from navigation to the first row;
 *   - that the end-user pages (/appSignin, /getQR, /cdrs) load none of the admin screens' chunks.
 * Prints a table; exits non-zero when an end-user page loads an admin chunk.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, freshStore, spawnServer } from '../apps/server/src/reliability/server-process';
import { ANY_ROW, APP_ROW, CLICKS, COPY_KEPT, FCP, ROWS_SEEN, TIMINGS, TRACE, WATCH_ROWS } from './bench-web-page';
import { startNginxFront } from './nginx-front';
import { BUDGET, FIRST_PAGES, kb, readManifest, scriptsOf, shellShare } from '../e2e/support/web-budget';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DIST = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');
const TENANT = 'bench10k.example';
const ADMIN_CHUNKS =
  /\/assets\/(Resellers|ResellerDetails|Branding|ResellerUsers|ResellerUserDetails|Users|UserDetails|Tenants|ExtensionDetails|CheckEmail|ClientProfiles|ClientProfileDetails|BlfManagement|Domains|DomainDetails|Licences|Templates|Logs|Audit)Page-|\/assets\/reseller-screens-/;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const store = await freshStore('sqlite');
  const server = await spawnServer({
    ...store.env,
    SEED_DEMO: 'true',
    WEB_DIST: DIST,
    LOG_LEVEL: 'warn',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const token = await server.login();
    await server.call('createTenant', { tid: TENANT, tname: 'Bench 10k', domain: TENANT, site_name: 'Main' }, token);
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      Extension: String(10_000 + i),
      Domain: TENANT,
      'Site Name': 'Main',
      'First Name': `Name${i}`,
      'Last Name': `Family${i % 97}`,
      Admin: 'false',
      Email: `user${i}@${TENANT}`,
      Linked: 'false',
      'Mobile App Allowed': 'false',
      'Desktop App Allowed': 'false',
      tenantid: TENANT,
    }));
    const imported = await server.call<{ job_id: number }>('extensionsImport', rows, token);
    for (;;) {
      const job = await server.call<{ status: string }>('jobStatus', { id: imported.json.job_id }, token);
      if (job.json.status === 'done') break;
      if (job.json.status === 'failed') throw new Error('import failed');
      await new Promise((r) => setTimeout(r, 200));
    }

    /** Signs in through the sign-in page, as an administrator does, and waits for the dashboard. */
    const signInPage = async (page: Page, base: string) => {
      await page.goto(`${base}/login`);
      await submitSignIn(page);
      await page.waitForURL(/\/dashboard$/);
    };
    /** Fills the sign-in form shown and presses Sign In. */
    const submitSignIn = async (page: Page) => {
      await page.getByTestId('login-username').fill('admin');
      await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
      await page.getByTestId('login-submit').click();
    };
    /** A page in a new browser (no cache, no storage) that notes when the rows are laid out, and its clicks. */
    const newBrowserPage = async () => {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      await context.addInitScript({ content: WATCH_ROWS(ANY_ROW, APP_ROW) + CLICKS });
      return { context, page: await context.newPage() };
    };
    /** Both rows' times (ms from navigation) once the app's row is there, and the last click's. */
    const rowsSeen = async (page: Page) => {
      const seen = (await (await page.waitForFunction(ROWS_SEEN, null, { timeout: 30_000 })).jsonValue()) as {
        any: number;
        app: number;
      };
      const clicked = await page.evaluate(
        () => (globalThis as unknown as { __benchClick?: number }).__benchClick ?? Number.NaN,
      );
      return { ...seen, clicked };
    };
    /** Signs in through the page once; later contexts start from its storage (token in localStorage). */
    const signedIn = async (base: string) => {
      const signIn = await browser.newContext({ ignoreHTTPSErrors: true });
      await signInPage(await signIn.newPage(), base);
      const state = await signIn.storageState();
      await signIn.close();
      return state;
    };
    const state = await signedIn(server.base);

    // One page at a time: the figures are bytes, but a loaded machine must not make a page miss its network idle.
    const firstPages = [];
    for (const { path: p, ready } of FIRST_PAGES)
      firstPages.push({ path: p, js: await scriptsOf(browser, `${server.base}${p}`, ready) });
    const dashboard = await scriptsOf(browser, `${server.base}/dashboard`, 'stat-tenants-value', state);
    const shell = shellShare(dashboard, readManifest(DIST));
    const endUser = firstPages.filter((e) => /^\/(appSignin|getQR|cdrs)/.test(e.path));

    // Cold: a fresh context (empty cache) each run. Warm: the same page opened again in a new tab of that context,
    // its hashed assets cached, as an administrator opens the screen on any later day. Each run also notes when the
    // last script and the first page of extensions (getExtensions) had arrived, and the protocol the page came over.
    // Each visit also notes when the app's own first row was laid out (the boot view's rows do not answer clicks) and
    // the first contentful paint, then stays on the page until the app has kept its copy for the boot view, as an
    // administrator looks at the page before leaving it (the copy is kept 0.8 s after the first page has drawn).
    type Visit = { row: number; app: number; paint: number | null };
    const firstRow = async (base: string, front: string) => {
      const login = await signedIn(base);
      const cold: Visit[] = [];
      const warm: Visit[] = [];
      const hot: Visit[] = [];
      const parts: string[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ storageState: login, ignoreHTTPSErrors: true });
        await context.addInitScript({ content: WATCH_ROWS(ANY_ROW, APP_ROW) });
        for (const into of [cold, warm, hot]) {
          // A new tab each time (the cache is the context's): no earlier page to unload in the figure.
          const p = await context.newPage();
          await p.goto(`${base}/tenants?tenant=${TENANT}`, { waitUntil: 'commit' });
          const seen = await rowsSeen(p);
          const row = Math.round(seen.any);
          const app = Math.round(seen.app);
          // The first contentful paint may come a frame after the row was laid out.
          const paint = await p
            .waitForFunction(FCP, null, { timeout: 5_000 })
            .then((h) => h.jsonValue() as Promise<number>);
          into.push({ row, app, paint });
          parts.push(await p.evaluate(TIMINGS));
          if (process.env.BENCH_TRACE) console.log(await p.evaluate(TRACE));
          // (A build without the boot view keeps none: then it is given up after 10 s.)
          await p.waitForFunction(COPY_KEPT, TENANT, { timeout: 10_000 }).catch(() => undefined);
          await p.close();
        }
        await context.close();
      }
      console.log(`${front}, per run (cold, warm, ...): ${parts.join(' | ')}`);
      const row = (runs: Visit[], cache: string) => {
        const paints = runs.map((r) => r.paint ?? Number.NaN);
        return [
          `/tenants with 10,000 extensions, ${front}: first row visible, ${cache} (median of ${RUNS})`,
          `${median(runs.map((r) => r.row))} ms`,
          `runs: ${runs.map((r) => r.row).join(', ')} ms (from navigation start); first contentful paint ` +
            `${median(paints)} ms (${paints.join(', ')}); the app's own first row ${median(runs.map((r) => r.app))} ms ` +
            `(${runs.map((r) => r.app).join(', ')})`,
        ];
      };
      return [
        // The storage is taken right after the dashboard appeared: the token, before the app primed any copy.
        row(cold, 'empty cache, first visit, a token but no copy yet'),
        row(warm, 'assets cached (second visit)'),
        row(hot, 'assets and their compiled code cached (third visit)'),
      ];
    };
    /**
     * A new browser's first visit as an administrator makes it: a fresh context (no cache, no storage), the sign-in
     * page, the dashboard, the menu's Extension Management, then the tenant chosen in its picker; from the click on
     * the tenant's option to the app's first row laid out (the boot view plays no part: nothing was kept yet).
     */
    const pickedInApp = async (base: string) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const { context, page } = await newBrowserPage();
        await signInPage(page, base);
        await page.getByTestId('nav-tenants').click();
        const input = page.getByTestId('tenants-tenant');
        await input.click();
        await input.fill('bench10k');
        await page
          .getByRole('option', { name: /Bench 10k/ })
          .first()
          .click();
        const seen = await rowsSeen(page);
        times.push(Math.round(seen.app - seen.clicked));
        await context.close();
      }
      return [
        `/tenants with 10,000 extensions, new browser: signed in, then the tenant chosen in the screen's picker (median of ${RUNS})`,
        `${median(times)} ms`,
        `runs: ${times.join(', ')} ms, from the click on the tenant to the app's first row`,
      ];
    };
    /**
     * A new browser that signs in and opens the tenant's page by its address (a bookmark, a link pasted), at once or
     * after resting a moment on the dashboard. At once: no copy of its own yet, so the stock view the build drew
     * (apps/web/scripts/boot-stock.mjs) draws the first rows. After a moment: the app drew one of the caller's tenants
     * in a hidden frame meanwhile and kept its copy (apps/web/src/lib/boot-view-prime.ts), which draws them. From
     * navigation start to the first row, and to the app's own; and how long after the dashboard the copy was there.
     */
    const openedByAddress = async (base: string, rest: boolean) => {
      const rows: number[] = [];
      const apps: number[] = [];
      const kept: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const { context, page } = await newBrowserPage();
        await signInPage(page, base);
        const dashboard = Date.now();
        if (rest) {
          await page.waitForFunction(COPY_KEPT, null, { timeout: 30_000 });
          kept.push(Date.now() - dashboard);
        }
        await page.goto(`${base}/tenants?tenant=${TENANT}`, { waitUntil: 'commit' });
        const seen = await rowsSeen(page);
        rows.push(Math.round(seen.any));
        apps.push(Math.round(seen.app));
        await context.close();
      }
      const how = rest ? 'a moment on the dashboard, then' : 'then at once';
      const copy = rest ? `; the copy kept ${median(kept)} ms after the dashboard (${kept.join(', ')})` : '';
      return [
        `/tenants with 10,000 extensions, new browser: signed in, ${how} the page opened by its address (median of ${RUNS})`,
        `${median(rows)} ms`,
        `runs: ${rows.join(', ')} ms (from navigation start); the app's own first row ${median(apps)} ms ` +
          `(${apps.join(', ')})${copy}`,
      ];
    };
    /**
     * A new browser opening the tenant's address signed out (a bookmark): sent to sign in, then back to the page
     * (features/auth/return-to.ts); from the click on Sign In to the app's first row (median of BENCH_RUNS).
     */
    const signedInOnTheWay = async (base: string) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const { context, page } = await newBrowserPage();
        await page.goto(`${base}/tenants?tenant=${TENANT}`);
        await submitSignIn(page);
        const seen = await rowsSeen(page);
        times.push(Math.round(seen.app - seen.clicked));
        await context.close();
      }
      return [
        `/tenants with 10,000 extensions, new browser: the page's address opened signed out, signed in on the way (median of ${RUNS})`,
        `${median(times)} ms`,
        `runs: ${times.join(', ')} ms, from the click on Sign In to the app's first row (the sign-in itself included)`,
      ];
    };
    const rowsOnTheWay = await signedInOnTheWay(server.base);
    const rowsInApp = await pickedInApp(server.base);
    const rowsAtOnce = await openedByAddress(server.base, false);
    const rowsPrimed = await openedByAddress(server.base, true);
    const rowsDirect = await firstRow(server.base, 'the portal directly (HTTP/1.1)');
    // As deployed (docs/deploy.md): the shipped nginx site in front, TLS and HTTP/2. Skipped without nginx.
    let rowsNginx: string[][] = [];
    if (process.env.BENCH_NGINX !== 'no' && spawnSync('nginx', ['-v']).status === 0) {
      const front = await startNginxFront(Number(new URL(server.base).port));
      try {
        rowsNginx = await firstRow(front.base, 'behind nginx (TLS, HTTP/2)');
      } finally {
        await front.stop();
      }
    } else console.log('nginx is not installed: the figures behind nginx (TLS, HTTP/2) are left out.');

    const within = (n: number, budget: number) => `${n <= budget ? 'within' : 'OVER'} its ${kb(budget)} budget`;
    const table = [
      ['measure', 'value', 'detail'],
      ...firstPages.map((e) => [
        `JS for ${e.path} (gzip)`,
        kb(e.js.gzip),
        `${kb(e.js.raw)} raw, ${e.js.files.length} files, ${within(e.js.gzip, BUDGET.firstPage)}`,
      ]),
      [
        "JS of the admin shell before the first screen's own chunks (gzip)",
        kb(shell.gzip),
        `${within(shell.gzip, BUDGET.shell)}; /dashboard signed in: ${kb(dashboard.gzip)} in all ` +
          `(${kb(dashboard.raw)} raw, ${dashboard.files.length} files), the dashboard's own ${kb(shell.screenGzip)}`,
      ],
      rowsInApp,
      rowsAtOnce,
      rowsPrimed,
      rowsOnTheWay,
      ...rowsDirect,
      ...rowsNginx,
    ];
    console.log(table.map((r) => `| ${r.join(' | ')} |`).join('\n'));
    const leaks = endUser.flatMap((e) =>
      e.js.files.filter((f) => ADMIN_CHUNKS.test(f)).map((f) => `${e.path} loads ${f}`),
    );
    if (leaks.length) {
      console.error(`end-user pages load admin chunks:\n${leaks.join('\n')}`);
      process.exitCode = 1;
    } else {
      console.log('End-user pages (/appSignin, /getQR, /cdrs) load no admin screen chunk.');
    }
  } finally {
    await browser.close();
    await server.stop();
    await store.dispose();
  }
}

await main();
