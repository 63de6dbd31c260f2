/**
 * Web performance budget (issue #9). Run from the repository root after `npm run build`:
 * `npx tsx scripts/bench-web.ts`. Starts a real server (SQLite, demo data) serving apps/web/dist, adds a tenant with
 * 10,000 extensions through the API, then in Debian's Chromium:
 *   - the JavaScript each page loads (every script response, raw and gzip-compressed at level 6 as a proxy would)
 *     for /login and for the first admin screen (/dashboard, already signed in);
 *   - the time from navigation to the first visible extension row of /tenants?tenant=<the 10,000 tenant>
 *     (median of BENCH_RUNS, default 5, each in a fresh context with an empty cache);
 *   - that the end-user pages (/appSignin, /getQR, /cdrs) load none of the admin screens' chunks.
 * Prints a table; exits non-zero when an end-user page loads an admin chunk.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { ADMIN_PASSWORD, freshStore, spawnServer } from '../apps/server/src/reliability/server-process';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TENANT = 'bench10k.example';
const ADMIN_CHUNKS =
  /\/assets\/(Resellers|ResellerDetails|ResellerUsers|ResellerUserDetails|Users|UserDetails|Tenants|ExtensionDetails|CheckEmail|ClientProfiles|ClientProfileDetails|BlfManagement|Domains|DomainDetails|Licences|Templates|Logs|Audit)Page-/;

/** Runs in the page: its clock when the first extension row is laid out, else null (typed loosely: no DOM lib here). */
const FIRST_ROW_AT = () => {
  const g = globalThis as unknown as {
    document: { querySelector(s: string): { offsetParent: unknown } | null };
    performance: { now(): number };
  };
  const row = g.document.querySelector('[data-testid="extensions-row"]');
  return row && row.offsetParent !== null ? g.performance.now() : null;
};

interface JsLoad {
  files: string[];
  raw: number;
  gzip: number;
}

/** Opens a page in a fresh context and adds up the JavaScript it loaded once the network is idle. */
async function jsOf(
  browser: Browser,
  url: string,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<JsLoad> {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const bodies: Promise<{ url: string; body: Buffer }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body().then((body) => ({ url: res.url(), body })));
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(bodies);
  await context.close();
  return {
    files: scripts.map((s) => new URL(s.url).pathname),
    raw: scripts.reduce((n, s) => n + s.body.length, 0),
    gzip: scripts.reduce((n, s) => n + zlib.gzipSync(s.body, { level: 6 }).length, 0),
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const store = await freshStore('sqlite');
  const server = await spawnServer({
    ...store.env,
    SEED_DEMO: 'true',
    WEB_DIST: path.resolve('apps/web/dist'),
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

    // Sign in through the page once; later contexts start from its storage (token in localStorage).
    const signIn = await browser.newContext();
    const page = await signIn.newPage();
    await page.goto(`${server.base}/login`);
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/dashboard$/);
    const state = await signIn.storageState();
    await signIn.close();

    const login = await jsOf(browser, `${server.base}/login`);
    const dashboard = await jsOf(browser, `${server.base}/dashboard`, state);
    const endUser = await Promise.all(
      ['/appSignin', '/getQR', '/cdrs'].map(async (p) => ({ path: p, js: await jsOf(browser, `${server.base}${p}`) })),
    );

    const paints: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ storageState: state });
      const p = await context.newPage();
      await p.goto(`${server.base}/tenants?tenant=${TENANT}`, { waitUntil: 'commit' });
      const at = await p.waitForFunction(FIRST_ROW_AT, null, { polling: 'raf', timeout: 30_000 });
      paints.push(Math.round((await at.jsonValue()) as number));
      await context.close();
    }

    const table = [
      ['measure', 'value', 'detail'],
      ['JS for /login (gzip)', kb(login.gzip), `${kb(login.raw)} raw, ${login.files.length} files`],
      [
        'JS for /dashboard, signed in (gzip)',
        kb(dashboard.gzip),
        `${kb(dashboard.raw)} raw, ${dashboard.files.length} files`,
      ],
      ...endUser.map((e) => [
        `JS for ${e.path} (gzip)`,
        kb(e.js.gzip),
        `${kb(e.js.raw)} raw, ${e.js.files.length} files`,
      ]),
      [
        `/tenants with 10,000 extensions: first row visible (median of ${RUNS})`,
        `${median(paints)} ms`,
        `runs: ${paints.join(', ')} ms (from navigation start)`,
      ],
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
