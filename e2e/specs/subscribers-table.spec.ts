import fs from 'node:fs';
import { expect, test, type Page } from '../support/test';
import { apiCall, search, signInAdmin, switchLanguage, toast } from '../support/admin';
import { shot } from '../support/helpers';

/** Issue #19 item 2: the subscribers table on real screens, quick filters, bulk actions and the selection. */
interface Ext {
  id: number;
  extension: string;
  mobile_app_allowed: boolean;
}
interface Usage {
  mobile: { used: number; limit: number };
  desktop: { used: number; limit: number };
}

const ACME = 'acme.example';
const NORTHWIND = 'northwind.example';

/** The row's actions (send link, edit) and the Actions header are inside the window, without scrolling sideways. */
async function expectActionsInView(page: Page, extension: string) {
  const width = page.viewportSize()!.width;
  const header = await page.getByTestId('extensions-table').locator('thead th').last().boundingBox();
  expect(header!.x + header!.width).toBeLessThanOrEqual(width);
  for (const id of [`ext-send-${extension}`, `ext-edit-${extension}`]) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.x).toBeGreaterThan(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

async function setMobileLimit(page: Page, tenant: string, mobile: number, desktop: number) {
  await apiCall(page, 'createUpdateLicenses', {
    tenant_id: tenant,
    vcx_mobile: mobile,
    vcx_desktop: desktop,
    call_monitor: 1,
    call_recording: 1,
    analytics: 1,
    confirm_below_use: true,
  });
}

test('subscribers: actions in view at 1280 and 1440 px and on a phone, one-line sites, a column chooser kept per user', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAdmin(page);
  const [first] = await apiCall<Ext[]>(page, 'getExtensions', { tenant_id: ACME, limit: 1, offset: 0 });
  await page.goto(`/tenants?tenant=${ACME}`);
  await expect(page.getByTestId('extensions-row')).toHaveCount(50);
  await expectActionsInView(page, first!.extension);
  // "Head Office" stays on one line (a line of the compact table is under 24 px high).
  const site = page
    .getByTestId('extensions-row')
    .first()
    .getByText(/Head Office|Warehouse/);
  expect((await site.boundingBox())!.height).toBeLessThan(24);
  await shot(page, 'subscribers-1280');

  // Hide two columns; a reload keeps the choice.
  await page.getByTestId('ext-columns').click();
  await page.getByTestId('ext-columns-domain').check();
  await page.getByTestId('ext-columns-domain').uncheck();
  await page.getByTestId('ext-columns-lifecycle').uncheck();
  await page.keyboard.press('Escape');
  const headers = page.getByTestId('extensions-table').locator('thead th');
  await expect(headers).not.toContainText(['Domain']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await expect(page.getByTestId('extensions-row')).toHaveCount(50);
  await expect(headers.filter({ hasText: 'Invitation' })).toHaveCount(0);
  await expect(headers.filter({ hasText: 'Domain' })).toHaveCount(0);
  await expect(page.getByTestId('ext-columns')).toHaveText('Columns (6/8)');
  await expectActionsInView(page, first!.extension);
  await page.getByTestId('ext-columns').click();
  await page.getByTestId('ext-columns-reset').click();
  await page.keyboard.press('Escape');
  await expect(headers.filter({ hasText: 'Domain' })).toHaveCount(1);
  await expectActionsInView(page, first!.extension);
  await shot(page, 'subscribers-1440');

  // A phone: the table scrolls inside its frame; the row's actions stay at its right edge.
  await page.setViewportSize({ width: 390, height: 844 });
  const send = (await page.getByTestId(`ext-send-${first!.extension}`).boundingBox())!;
  expect(send.x + send.width).toBeLessThanOrEqual(390);
  await shot(page, 'subscribers-phone');
});

test('subscribers: quick filters with the search; bulk app switch within the licence across pages (Spanish); export the selection', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  const firstTwenty = await apiCall<Ext[]>(page, 'getExtensions', {
    tenant_id: NORTHWIND,
    sort: 'extension',
    order: 'asc',
    limit: 20,
    offset: 0,
  });
  // Two rows of page 1 and two of page 2 (10 a page), their mobile app off to begin with.
  const chosen = [firstTwenty[0]!, firstTwenty[1]!, firstTwenty[10]!, firstTwenty[11]!];
  await apiCall(page, 'updateExtensionsApp', {
    tenant_id: NORTHWIND,
    ids: chosen.map((r) => r.id),
    column_name: 'mobile_app_allowed',
    value: 'false',
  });
  const usage = await apiCall<Usage>(page, 'getAppUsage', { tenant_id: NORTHWIND });
  await setMobileLimit(page, NORTHWIND, usage.mobile.used + 3, usage.desktop.limit);

  await page.goto(`/tenants?tenant=${NORTHWIND}`);
  await expect(page.getByTestId('extensions-total')).toHaveText('Total: 300');
  // Quick filters narrow together with the search; the total is the server's count of the same request.
  await page.getByText('Not linked', { exact: true }).click();
  await page.getByText('Admins', { exact: true }).click();
  const both = await apiCall<Ext[]>(page, 'getExtensions', { tenant_id: NORTHWIND, quick: ['not_linked', 'admin'] });
  await expect(page.getByTestId('extensions-total')).toHaveText(`Total: ${both.length}`);
  await search(page, 'extensions', '1');
  const searched = await apiCall<Ext[]>(page, 'getExtensions', {
    tenant_id: NORTHWIND,
    quick: ['not_linked', 'admin'],
    search: '1',
  });
  await expect(page.getByTestId('extensions-total')).toHaveText(`Total: ${searched.length}`);
  await search(page, 'extensions', '');
  await page.getByText('Not linked', { exact: true }).click();
  await page.getByText('Admins', { exact: true }).click();
  await expect(page.getByTestId('extensions-total')).toHaveText('Total: 300');

  // Select two rows on page 1 and two on page 2: the selection survives paging.
  await page.getByTestId('extensions-page-size').click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await page.getByTestId(`ext-check-${chosen[0]!.extension}`).check();
  await page.getByTestId(`ext-check-${chosen[1]!.extension}`).check();
  await page.getByTestId('extensions-page-2').click();
  await page.getByTestId(`ext-check-${chosen[2]!.extension}`).check();
  await page.getByTestId(`ext-check-${chosen[3]!.extension}`).check();
  await expect(page.getByTestId('ext-selected-count')).toHaveText('Selected: 4');
  await page.getByTestId('extensions-page-1').click();
  await expect(page.getByTestId(`ext-check-${chosen[0]!.extension}`)).toBeChecked();

  // In Spanish: four more than the three licences left is refused as a whole, with the count.
  await switchLanguage(page, 'es');
  await page.getByTestId('ext-bulk-apps').click();
  await page.getByTestId('ext-bulk-mobile-on').click();
  await expect(page.getByTestId('confirm-message')).toHaveText(
    '¿Activar App móvil para las 4 extensiones seleccionadas?',
  );
  await shot(page, 'subscribers-bulk-confirm-es');
  await page.getByTestId('confirm-delete').click();
  await toast(page, 'no se puede activar para 4 extensiones más');
  await page.getByTestId('confirm-cancel').click();
  expect((await apiCall<Usage>(page, 'getAppUsage', { tenant_id: NORTHWIND })).mobile.used).toBe(usage.mobile.used);

  // One more licence: all four are turned on, the switches on screen follow.
  await setMobileLimit(page, NORTHWIND, usage.mobile.used + 4, usage.desktop.limit);
  await page.getByTestId('ext-bulk-apps').click();
  await page.getByTestId('ext-bulk-mobile-on').click();
  await page.getByTestId('confirm-delete').click();
  await toast(page, '4 extensiones modificadas.');
  await expect(page.getByTestId(`ext-mobile-${chosen[0]!.extension}`)).toBeChecked();
  expect((await apiCall<Usage>(page, 'getAppUsage', { tenant_id: NORTHWIND })).mobile.used).toBe(usage.mobile.used + 4);

  // "App on" (Spanish label) narrows to rows with an app, with the search.
  await page.getByText('App activada', { exact: true }).click();
  await search(page, 'extensions', chosen[2]!.extension);
  await expect(page.getByTestId('extensions-row')).toHaveCount(1);
  await expect(page.getByTestId('extensions-row')).toContainText(chosen[2]!.extension);
  await shot(page, 'subscribers-bulk-es-1440');

  // Export the selection: the four rows under the CSV headers, read back from the download.
  const download = page.waitForEvent('download');
  await page.getByTestId('ext-bulk-export').click();
  const csv = fs
    .readFileSync((await (await download).path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toMatch(/^Extension,Domain,/);
  expect(
    csv
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual(chosen.map((r) => r.extension).sort());

  await page.getByTestId('ext-clear').click();
  await expect(page.getByTestId('ext-bulk-bar')).toHaveCount(0);
});
