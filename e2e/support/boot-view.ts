import { expect, type Page } from '@playwright/test';
import { apiCall } from './admin';

// Shared by the boot view's specs (e2e/specs/boot-view*.spec.ts, apps/web/src/lib/boot-view.ts).

/** The page's errors and console errors from now on: a view drawn wrong, or a script that failed, shows here. */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  return problems;
}

/** Mantine's breakpoint class of a width, as lib/boot-view.ts's widthClass. */
export const widthClass = (width: number) => [576, 768, 992, 1200, 1408].filter((b) => width >= b).length;

/** A tenant of 20 subscribers (300-319, First0-First19), imported. */
export async function newTenant(page: Page, tid: string) {
  await apiCall(page, 'createTenant', { tid, tname: `Boot ${tid}`, domain: tid, site_name: 'Main' });
  const rows = Array.from({ length: 20 }, (_, i) => ({
    Extension: String(300 + i),
    Domain: tid,
    'Site Name': 'Main',
    'First Name': `First${i}`,
    'Last Name': `Last${i}`,
    Admin: 'false',
    Email: `u${i}@${tid}`,
    Linked: 'false',
    'Mobile App Allowed': 'false',
    'Desktop App Allowed': 'false',
    tenantid: tid,
  }));
  const job = await apiCall<{ job_id: number }>(page, 'extensionsImport', rows);
  await expect
    .poll(async () => (await apiCall<{ status: string }>(page, 'jobStatus', { id: job.job_id })).status)
    .toBe('done');
}

/** The built page's entry module (named, not run: apps/web/build/entry-link.ts), held until `release`. */
export async function holdEntry(page: Page) {
  const html = await (await page.request.get('/tenants')).text();
  const entry = /<meta name="provisio-modules" content="([^" ]+)/.exec(html)?.[1];
  expect(entry).toMatch(/^\/assets\/index-.+\.js$/);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${entry}`, async (route) => {
    await held;
    await route.continue();
  });
  return { release, unroute: () => page.unroute(`**${entry}`) };
}
