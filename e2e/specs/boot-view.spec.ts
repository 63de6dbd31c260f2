import { expect, test, type Page } from '../support/test';
import { apiCall, signInAdmin, stamp, switchLanguage } from '../support/admin';
import { holdEntry, newTenant, pageProblems, widthClass } from '../support/boot-view';
import { shot } from '../support/helpers';

/**
 * Issue #19, the boot view (apps/web/src/lib/boot-view.ts): a tenant's subscribers opened again show their first rows,
 * fresh from the server, before the app's modules have run, in a copy of the page as the app last drew it; the app
 * then takes over. The app's entry is held back here, so what shows meanwhile can be looked at.
 */

async function rename(page: Page, tid: string, extension: string, firstName: string) {
  const details = await apiCall<Record<string, string>>(page, 'getUserDetails', { tenant_id: tid, extension });
  await apiCall(page, 'editUserDetails', {
    tenant_id: tid,
    extension,
    user_details: {
      firstName,
      lastName: details.lastName,
      emailAddress: details.emailAddress,
      mobilePhone: details.mobilePhone,
      homePhone: details.homePhone,
      domain: details.domain,
    },
  });
}

test('a subscribers screen opened again: its fresh first rows at once, in the page as last drawn, then the app', async ({
  page,
}) => {
  const problems = pageProblems(page);
  await signInAdmin(page);
  const tid = `boot-${stamp()}.example`;
  await newTenant(page, tid);

  // 1280 px in Spanish: the copy is kept in the language it was drawn in.
  for (const [width, height, name, lang] of [
    [1440, 900, 'boot-view-1440', 'en'],
    [390, 844, 'boot-view-phone', 'en'],
    [1280, 800, 'boot-view-es-1280', 'es'],
  ] as const) {
    await page.setViewportSize({ width, height });
    if (lang !== 'en') await switchLanguage(page, lang);
    // A first visit: the app draws the screen and keeps a copy of it.
    await page.goto(`/tenants?tenant=${tid}`);
    await expect(page.getByTestId('extensions-row').first()).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const copy = JSON.parse(localStorage.getItem('provisio.bootView') ?? 'null') as Record<string, unknown>;
          return copy && `${String(copy.tenant)} ${String(copy.width)} ${String(copy.lang)}`;
        }),
      )
      .toBe(`${tid} ${widthClass(width)} ${lang}`);

    // Meanwhile the data changes; the next visit shows it, not what the copy was drawn with.
    const fresh = `Fresh${width}${lang}`;
    await rename(page, tid, '301', fresh);
    const entry = await holdEntry(page);
    await page.goto(`/tenants?tenant=${tid}`, { waitUntil: 'commit' });
    const view = page.locator('#boot-view');
    await expect(view.getByTestId('extensions-row').nth(1)).toContainText(fresh);
    // As many rows as fill the window (at least 3, at most the app's first 15): the last one reaches its bottom.
    const drawn = await view.getByTestId('extensions-row').evaluateAll((rows) => ({
      count: rows.length,
      top: rows[0]!.getBoundingClientRect().top,
      bottom: rows.at(-1)!.getBoundingClientRect().bottom,
    }));
    expect(drawn.count).toBeGreaterThanOrEqual(3);
    expect(drawn.count).toBeLessThanOrEqual(15);
    if (drawn.count < 15 && drawn.top < height) expect(drawn.bottom).toBeGreaterThanOrEqual(height);
    await expect(view).toHaveAttribute('inert', '');
    await expect(view.locator('input[data-boot-tenant]')).toHaveValue(`Boot ${tid} (${tid})`);
    await expect(page.locator('#root')).toBeEmpty();
    await expect(page.locator('html')).not.toHaveClass(/boot-cover/);
    // Inert: a click does nothing, and no test id but the rows' is there to be found.
    expect(await view.locator('[data-testid]:not([data-testid="extensions-row"])').count()).toBe(0);
    await shot(page, name);

    entry.release();
    // The app takes over: the view is gone, and the app's own rows show the same fresh data.
    await expect(page.locator('#root').getByTestId('extensions-row').nth(1)).toContainText(fresh);
    await entry.unroute();
    await expect(view).toHaveCount(0);
    await expect(page.getByTestId(`ext-check-301`)).toBeVisible();
  }
  // Another tenant with the same app switches, opened directly for the first time: the copy kept on the first one
  // serves it too, with its own name and rows.
  const other = `boot2-${stamp()}.example`;
  await newTenant(page, other);
  const entry = await holdEntry(page);
  await page.goto(`/tenants?tenant=${other}`, { waitUntil: 'commit' });
  const view = page.locator('#boot-view');
  await expect(view.locator('input[data-boot-tenant]')).toHaveValue(`Boot ${other} (${other})`);
  await expect(view.getByTestId('extensions-row').nth(1)).toContainText('First1');
  entry.release();
  await expect(page.locator('#root').getByTestId('extensions-row').nth(1)).toContainText('First1');
  await entry.unroute();
  await expect(view).toHaveCount(0);

  // Signing out drops the copy.
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('provisio.bootView'))).toBeNull();
  expect(problems).toEqual([]);
});

test('signed in, on another screen for a moment: the copy is drawn in a hidden frame, and a tenant opened directly starts from it', async ({
  page,
}) => {
  const problems = pageProblems(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAdmin(page);
  // No subscribers screen was drawn in this browser: once the dashboard has been left alone for a moment, the app
  // draws one of the caller's tenants in a hidden frame of the window's size (lib/boot-view-prime.ts), keeps its
  // copy, and removes the frame.
  const frame = page.locator('iframe[data-boot-prime]');
  await expect(frame).toHaveCount(1, { timeout: 10_000 });
  await expect(frame).toHaveAttribute('aria-hidden', 'true');
  await expect(frame).toHaveCSS('visibility', 'hidden');
  await expect(frame).toHaveCount(0, { timeout: 20_000 });
  const copy = await page.evaluate(
    () => JSON.parse(localStorage.getItem('provisio.bootView') ?? 'null') as { tenant: string; width: number } | null,
  );
  expect(copy?.width).toBe(widthClass(1280));
  await expect(page).toHaveURL(/\/dashboard$/);

  // The copy's tenant opened by its address: its fresh rows at once, then the app.
  const tid = copy!.tenant;
  const first = await apiCall<{ extension: string; firstname: string }[]>(page, 'getExtensions', {
    tenant_id: tid,
    sort: 'extension',
    order: 'asc',
    limit: 50,
    offset: 0,
  });
  const entry = await holdEntry(page);
  await page.goto(`/tenants?tenant=${tid}`, { waitUntil: 'commit' });
  const view = page.locator('#boot-view');
  await expect(view.getByTestId('extensions-row').first()).toContainText(first[0]!.extension);
  await expect(page.locator('#root')).toBeEmpty();
  await shot(page, 'boot-view-primed-1280');
  entry.release();
  await expect(page.locator('#root').getByTestId('extensions-row').first()).toContainText(first[0]!.extension);
  await entry.unroute();
  await expect(view).toHaveCount(0);
  // Nothing is primed again while the copy fits: the dashboard left alone asks for nothing in a frame.
  const framed: string[] = [];
  page.on('request', (r) => r.frame() !== page.mainFrame() && framed.push(r.url()));
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-tenants-value')).toBeVisible();
  await page.waitForTimeout(2500);
  expect(framed).toEqual([]);
  expect(problems).toEqual([]);
});
