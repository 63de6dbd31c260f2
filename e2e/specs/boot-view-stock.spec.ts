import { expect, test, type Page } from '../support/test';
import { apiCall, signInAdmin, signInNewResellerUser, stamp } from '../support/admin';
import { holdEntry, newTenant, pageProblems } from '../support/boot-view';
import { shot } from '../support/helpers';

/**
 * Issue #19, the stock view (apps/web/scripts/boot-stock.mjs, docs/architecture.md "How a signed-in page starts"): a
 * browser with no copy of its own yet (a first visit, a sign-in a moment ago) gets the subscribers screen the build
 * drew, with the fresh rows, the tenant and the user written in, before the app's modules have run. The app's entry is
 * held back here, so what shows meanwhile can be looked at.
 */

/** Opens the tenant's page by its address with no copy of this browser's own, the app held back; returns the view. */
async function openWithoutCopy(page: Page, tid: string, lang = 'en') {
  await page.evaluate((l) => {
    localStorage.setItem('lang', l);
    localStorage.removeItem('provisio.bootView');
  }, lang);
  const entry = await holdEntry(page);
  await page.goto(`/tenants?tenant=${tid}`, { waitUntil: 'commit' });
  return { view: page.locator('#boot-view'), entry };
}

test('a browser with no copy of its own: the stock view the build drew, with the user and the tenant filled in, in two languages', async ({
  page,
}) => {
  const problems = pageProblems(page);
  await signInAdmin(page);
  const tid = `stock-${stamp()}.example`;
  await newTenant(page, tid);
  // The mobile app on for the whole tenant: the stock view of that pair of switches (apps/web/scripts/boot-stock.mjs
  // draws one per pair).
  await apiCall(page, 'createUpdateLicenses', {
    tenant_id: tid,
    vcx_mobile: 50,
    vcx_desktop: 0,
    call_monitor: 0,
    call_recording: 0,
    analytics: 0,
  });
  await apiCall(page, 'updateAndGetTenants', { tenant_id: tid, column_name: 'mobile_app_allowed', value: 'true' });
  const name = await page.getByTestId('sidebar-user-name').textContent();
  expect(name).toBeTruthy();
  for (const [width, height, shotName, lang] of [
    [1280, 800, 'boot-view-stock-1280', 'en'],
    [1440, 900, 'boot-view-stock-fr-1440', 'fr'],
    [390, 844, 'boot-view-stock-phone', 'en'],
  ] as const) {
    await page.setViewportSize({ width, height });
    // No copy of this browser's own (a first visit; the hidden frame has not drawn one yet).
    const { view, entry } = await openWithoutCopy(page, tid, lang);
    await expect(view.getByTestId('extensions-row').nth(1)).toContainText('First1');
    await expect(view.locator('input[data-boot-tenant]')).toHaveValue(`Boot ${tid} (${tid})`);
    await expect(view.locator('[data-boot-me="name"]').first()).toHaveText(name!);
    await expect(view).toHaveAttribute('inert', '');
    await expect(page.locator('#root')).toBeEmpty();
    await expect(view).toContainText(lang === 'fr' ? 'Ajouter une extension' : 'Add Extension');
    const drawn = await view.getByTestId('extensions-row').first().boundingBox();
    const picker = await view.locator('input[data-boot-tenant]').boundingBox();
    await shot(page, shotName);
    entry.release();
    // The app takes over where the view was: the tenant picker in the same place, the rows as wide and high (the
    // licence use under the switches comes later, in the app as in any view, and moves what is below; the table's
    // width follows the flags and steps the app then writes in cells the view leaves empty).
    const own = page.locator('#root').getByTestId('extensions-row').first();
    await expect(own).toContainText('300');
    await entry.unroute();
    await expect(view).toHaveCount(0);
    const after = await own.boundingBox();
    const ownPicker = await page.getByTestId('tenants-tenant').boundingBox();
    for (const key of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(ownPicker![key] - picker![key]), `the picker's ${key}`).toBeLessThanOrEqual(2);
    for (const key of ['x', 'height'] as const)
      expect(Math.abs(after![key] - drawn![key]), `the first row's ${key}`).toBeLessThanOrEqual(2);
  }
  // Not for a user whose page would differ: with columns hidden by the chooser, the app draws it itself.
  const username = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('creds')!) as { username: string }).username,
  );
  await page.evaluate((u) => localStorage.setItem(`provisio.subscribers.hidden.${u}`, '["email"]'), username);
  const { view, entry } = await openWithoutCopy(page, tid);
  await page.waitForTimeout(1000);
  await expect(view).toHaveCount(0);
  entry.release();
  await expect(page.locator('#root').getByTestId('extensions-row').first()).toBeVisible();
  await entry.unroute();
  await page.evaluate((u) => localStorage.removeItem(`provisio.subscribers.hidden.${u}`), username);
  expect(problems).toEqual([]);
});

test("a reseller's user with no copy of their own: the reseller user's stock view (their menu, no administrator's buttons)", async ({
  page,
}) => {
  const problems = pageProblems(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const s = stamp();
  await signInAdmin(page);
  // The demo's Pioneer Voice, which has no brand of its own: its users see the portal's.
  await signInNewResellerUser(page, 'Pioneer Voice', { name: `Stella ${s}`, email: `stock.${s}@e2e.example` });

  for (const [width, height, lang, shotName] of [
    [1280, 800, 'en', 'boot-view-stock-reseller-1280'],
    [390, 844, 'es', 'boot-view-stock-reseller-es-phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    const { view, entry } = await openWithoutCopy(page, 'cobalt.example', lang);
    await expect(view.getByTestId('extensions-row').first()).toBeVisible();
    await expect(view.locator('input[data-boot-tenant]')).toHaveValue('Cobalt Legal (cobalt.example)');
    await expect(view.locator('[data-boot-me="name"]').first()).toHaveText(`Stella ${s}`);
    // The reseller user's page: no Add Extension, no Resellers in the menu, in the page's language.
    await expect(view).not.toContainText(lang === 'es' ? 'Añadir extensión' : 'Add Extension');
    await expect(view).not.toContainText(lang === 'es' ? 'Revendedores' : 'Resellers');
    await expect(view).toContainText(lang === 'es' ? 'Abonados' : 'Subscribers');
    await shot(page, shotName);
    entry.release();
    await expect(page.locator('#root').getByTestId('extensions-row').first()).toBeVisible();
    await entry.unroute();
    await expect(view).toHaveCount(0);
  }
  await expect(page.getByTestId('sidebar-user-name')).toHaveText(`Stella ${s}`);
  expect(problems).toEqual([]);
});
