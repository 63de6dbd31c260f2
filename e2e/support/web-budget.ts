/**
 * What a page of the built web app costs in JavaScript (issue #17): shared by the budget spec
 * (e2e/specs/web-budget.spec.ts) and the benchmark (scripts/bench-web.ts).
 *
 * A page's JavaScript = every script response from navigation until the network is idle (Playwright's
 * 'networkidle': no request for 500 ms), each body gzip-compressed at level 6 as a proxy would send it; the page must
 * also be usable by then (its first field visible). Each page opens in a fresh context: empty cache, no session.
 *
 * The admin shell is measured on /dashboard, signed in, "before the first screen's own chunk": the scripts of the
 * whole visit minus the files that only the dashboard screen needs, read from the build's manifest
 * (apps/web/dist/.vite/manifest.json): the files of DashboardPage's import closure that are in neither the entry's
 * nor the shell's (AppLayout) closure. What the shell and the screen share counts for the shell.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, BrowserContext } from '@playwright/test';

export const KB = 1024;

/**
 * The budgets (gzip bytes), issue #17's: a first page (everything it loads until the network is idle) at most 150 KB,
 * the admin shell at most 250 KB before the first screen's own chunks. Measured on 2026-11-23 (docs/benchmarks.md):
 * /login 140.3 KB, resets 141.8-141.9, /appSignin 143.0, /getQR 149.7, /cdrs 140.6, shell 192.0 — on Preact
 * (docs/architecture.md), with zod and the contract's schemas loaded on first use and the English strings split by
 * area. /getQR is the one near its budget: anything that slips into a first page (React, a table, an editor, a zod
 * schema imported as a value) fails here.
 */
export const BUDGET = { firstPage: 150 * KB, shell: 250 * KB } as const;

/** The pages people open first: sign-in, password resets and the end-user pages opened from an email on a phone. */
export const FIRST_PAGES = [
  { path: '/login', ready: 'login-username' },
  { path: '/resetPassword?ref=budget-check', ready: 'reset-password-form' },
  { path: '/resetResellerPassword?ref=budget-check', ready: 'reset-password-form' },
  { path: '/resetAppPassword?ref=budget-check', ready: 'reset-password-form' },
  { path: '/appSignin', ready: 'app-signin-username' },
  { path: '/getQR?username=budget&cloud_id=DEMO', ready: 'qr-password' },
  { path: '/cdrs', ready: 'cdrs-username' },
] as const;

export interface ScriptLoad {
  /** Paths of the script files, in the order their responses came. */
  files: string[];
  raw: number;
  gzip: number;
  /** gzip bytes by file path. */
  gzipOf: Record<string, number>;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Opens `url` in a fresh context, waits until `ready` is visible and the network idle, and adds up its scripts. */
export async function scriptsOf(
  browser: Browser,
  url: string,
  ready: string,
  storageState?: StorageState,
): Promise<ScriptLoad> {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    const bodies: Promise<{ url: string; body: Buffer }>[] = [];
    // Counted until the network has gone quiet: a script the idle page asks for later (the boot view's priming,
    // lib/boot-view-prime.ts, after a quiet second) is not on the way to its first screen, and its body could not be
    // read once the context is closed (a fresh clone failed so, 2026-11-30).
    let counting = true;
    page.on('response', (res) => {
      if (!counting) return;
      // The page's own, not those of the hidden frame that may draw the subscribers screen when the page is idle
      // (apps/web/src/lib/boot-view-prime.ts): they are not on the way to this page's first screen.
      if (res.frame() !== page.mainFrame()) return;
      // Module preloads are scripts too, whatever resource type the browser gives them.
      const isScript = res.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(res.url()).pathname);
      if (isScript) bodies.push(res.body().then((body) => ({ url: res.url(), body })));
    });
    await page.goto(url);
    await page.getByTestId(ready).waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    counting = false;
    const scripts = await Promise.all(bodies);
    const gzipOf: Record<string, number> = {};
    for (const s of scripts) gzipOf[new URL(s.url).pathname] = zlib.gzipSync(s.body, { level: 6 }).length;
    return {
      files: Object.keys(gzipOf),
      raw: scripts.reduce((n, s) => n + s.body.length, 0),
      gzip: Object.values(gzipOf).reduce((n, b) => n + b, 0),
      gzipOf,
    };
  } finally {
    await context.close();
  }
}

interface ManifestEntry {
  file: string;
  imports?: string[];
}

/** The build's manifest (vite.config.ts `build.manifest`), from the dist the server serves. */
export function readManifest(dist = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../../apps/web/dist')) {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
}

/**
 * The files a module loads before it runs: itself and its static imports, recursively (as served paths). A module
 * that is not in the manifest has no chunk of its own: it is in its importer's (the entry's, before issue #17).
 */
function closure(manifest: Record<string, ManifestEntry>, key: string, into = new Set<string>()): Set<string> {
  const entry = manifest[key];
  if (!entry || into.has(`/${entry.file}`)) return into;
  into.add(`/${entry.file}`);
  for (const i of entry.imports ?? []) closure(manifest, i, into);
  return into;
}

/** The files only a screen needs: its closure minus the entry's and the shell's. */
export function screenOnlyFiles(manifest: Record<string, ManifestEntry>, screen: string, shell: string): Set<string> {
  const before = closure(manifest, 'index.html');
  closure(manifest, shell, before);
  return new Set([...closure(manifest, screen)].filter((f) => !before.has(f)));
}

export const SHELL_MODULE = 'src/app/layout/AppLayout.tsx';
export const DASHBOARD_MODULE = 'src/features/dashboard/components/DashboardPage.tsx';

/** The shell's share of a signed-in /dashboard visit: everything but the dashboard screen's own files. */
export function shellShare(load: ScriptLoad, manifest: Record<string, ManifestEntry>) {
  const own = screenOnlyFiles(manifest, DASHBOARD_MODULE, SHELL_MODULE);
  const screenGzip = load.files.filter((f) => own.has(f)).reduce((n, f) => n + (load.gzipOf[f] ?? 0), 0);
  return { gzip: load.gzip - screenGzip, screenGzip, screenFiles: load.files.filter((f) => own.has(f)) };
}

export const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
