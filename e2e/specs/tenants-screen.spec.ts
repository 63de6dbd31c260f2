import { expect, test, type Locator, type Page } from '../support/test';
import { apiCall, pick, search, signInAdmin, toast } from '../support/admin';
import { shot } from '../support/helpers';

interface Usage {
  mobile: { used: number; limit: number };
  desktop: { used: number; limit: number };
  extensions: number;
}
interface Ext {
  id: number;
  extension: string;
  mobile_app_allowed: boolean;
  desktop_app_allowed: boolean;
}

const COBALT = 'cobalt.example';

/** Clicks a Mantine switch's input itself, whatever toast floats above it. */
const flip = (switchInput: Locator) => switchInput.evaluate((el: HTMLElement) => el.click());

async function setLimits(page: Page, tenant: string, mobile: number, desktop: number) {
  await apiCall(page, 'createUpdateLicenses', {
    tenant_id: tenant,
    vcx_mobile: mobile,
    vcx_desktop: desktop,
    call_monitor: 1,
    call_recording: 1,
    analytics: 1,
    // These limits are set below use on purpose (the refusals are what is tested).
    confirm_below_use: true,
  });
}

test('tenants: choose a tenant, page with 7 links, search as you type, check all, remember the tenant', async ({
  page,
}) => {
  await signInAdmin(page);
  await page.getByTestId('nav-tenants').click();
  await expect(page.getByRole('heading', { name: 'Extension Management' })).toBeVisible();
  await expect(page.getByTestId('tenants-choose')).toBeVisible();
  await pick(page, page.getByTestId('tenants-tenant'), 'north', /Northwind Traders/);
  await expect(page).toHaveURL(/\/tenants\?tenant=northwind\.example$/);

  // 300 extensions: 50 a page by default, 6 pages.
  await expect(page.getByTestId('extensions-row')).toHaveCount(50);
  await expect(page.getByTestId('extensions-total')).toHaveText('Total: 300');
  await expect(page.getByTestId('extensions-page-6')).toBeVisible();
  const headers = page.getByTestId('extensions-table').locator('thead th');
  await expect(headers).toHaveText([
    '',
    'Extension',
    'Domain',
    'Site',
    'First Name',
    'Last Name',
    'Admin',
    'Email',
    'Linked',
    'Invitation',
    'Mobile App',
    'Desktop App',
    'Actions',
  ]);

  await page.getByTestId('extensions-page-size').click();
  await expect(page.getByRole('option')).toHaveText(['10', '25', '50', '75', '100', '150', '200']);
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page.getByTestId('extensions-row')).toHaveCount(10);
  await expect(page.getByTestId('extensions-page-7')).toBeVisible();
  await expect(page.getByTestId('extensions-page-8')).toHaveCount(0);
  await page.getByTestId('extensions-page-5').click();
  await expect(page.getByTestId('extensions-row').first()).toContainText('140');

  // Check all: the visible rows only; a second click clears them.
  await page.getByTestId('ext-check-all').check();
  await expect(page.getByTestId('ext-selected-count')).toHaveText('Selected: 10');
  await expect(page.getByTestId('ext-check-140')).toBeChecked();
  await page.getByTestId('ext-check-all').uncheck();
  await expect(page.getByTestId('ext-selected-count')).toHaveCount(0);

  // Search on the server as you type, from the first page.
  await search(page, 'extensions', '2');
  await expect(page.getByTestId('extensions-total')).not.toHaveText('Total: 300');
  await search(page, 'extensions', '299');
  await expect(page.getByTestId('extensions-row')).toHaveCount(1);
  await expect(page.getByTestId('extensions-row')).toContainText('299');
  await search(page, 'extensions', '');

  // Another tenant resets the list; the tenant is kept through a reload (it lives in the URL).
  await pick(page, page.getByTestId('tenants-tenant'), 'blue', /Bluebird Dental/);
  await expect(page.getByTestId('extensions-total')).toHaveText('Total: 20');
  await page.reload();
  await expect(page.getByTestId('tenants-tenant')).toHaveValue('Bluebird Dental (bluebird.example)');
  await expect(page.getByTestId('extensions-total')).toHaveText('Total: 20');
});

test('tenants: per-extension and tenant-level app switches, use against limit, licence refusal', async ({ page }) => {
  await signInAdmin(page);
  const usage = await apiCall<Usage>(page, 'getAppUsage', { tenant_id: COBALT });
  // No spare mobile licence: turning one more on is refused with the server's message naming the limit.
  await setLimits(page, COBALT, usage.mobile.used, usage.desktop.used + 1);
  const rows = await apiCall<Ext[]>(page, 'getExtensions', { tenant_id: COBALT });
  const mobileOff = rows.find((r) => !r.mobile_app_allowed)!;
  const desktopOff = rows.find((r) => !r.desktop_app_allowed)!;

  await page.goto(`/tenants?tenant=${COBALT}`);
  await expect(page.getByTestId('tenant-mobile-usage')).toHaveText(
    `${usage.mobile.used} of ${usage.mobile.used} licences in use`,
  );
  await search(page, 'extensions', mobileOff.extension);
  await expect(page.getByTestId('extensions-row')).toHaveCount(1);
  await flip(page.getByTestId(`ext-mobile-${mobileOff.extension}`));
  await toast(
    page,
    `The mobile app licence limit of this tenant is ${usage.mobile.used}; ${usage.mobile.used} are in use.`,
  );
  await expect(page.getByTestId(`ext-mobile-${mobileOff.extension}`)).not.toBeChecked();
  await shot(page, 'tenants-licence-refusal');

  // One desktop licence spare: the switch turns on and the use goes up.
  await search(page, 'extensions', desktopOff.extension);
  await expect(page.getByTestId('extensions-row')).toHaveCount(1);
  await flip(page.getByTestId(`ext-desktop-${desktopOff.extension}`));
  await expect(page.getByTestId(`ext-desktop-${desktopOff.extension}`)).toBeChecked();
  await expect(page.getByTestId('tenant-desktop-usage')).toHaveText(
    `${usage.desktop.used + 1} of ${usage.desktop.used + 1} licences in use`,
  );
  await search(page, 'extensions', '');

  // The whole tenant needs a licence per extension: refused first, then allowed; its column hides while on.
  await flip(page.getByTestId('tenant-desktop-switch'));
  await toast(page, `turning it on for the whole tenant needs ${usage.extensions}`);
  await expect(page.getByTestId('tenant-desktop-switch')).not.toBeChecked();
  await setLimits(page, COBALT, usage.mobile.used, usage.extensions);
  await flip(page.getByTestId('tenant-desktop-switch'));
  await expect(page.getByTestId('tenant-desktop-switch')).toBeChecked();
  await expect(page.getByTestId('extensions-table').locator('thead th', { hasText: 'Desktop App' })).toHaveCount(0);
  await expect(page.getByTestId('extensions-table').locator('thead th', { hasText: 'Mobile App' })).toHaveCount(1);
  await expect(page.getByTestId('tenant-desktop-usage')).toHaveText(
    `${usage.extensions} of ${usage.extensions} licences in use`,
  );
  await shot(page, 'tenants-desktop-tenant-level');
  await flip(page.getByTestId('tenant-desktop-switch'));
  await expect(page.getByTestId('extensions-table').locator('thead th', { hasText: 'Desktop App' })).toHaveCount(1);
});

test('tenants: sync shows a progress bar and a report; tenant sync too', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/tenants?tenant=northwind.example');
  await expect(page.getByTestId('extensions-row')).toHaveCount(50);
  await page.getByTestId('ext-sync').click();
  await expect(page.getByTestId('job-sync-bar')).toBeVisible();
  await expect(page.getByTestId('job-sync')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('job-sync-counts')).toHaveText('300 of 300 done');
  await expect(page.getByTestId('job-report-sync')).toHaveText('Created 0, updated 0, removed 0, unchanged 300.');
  await shot(page, 'tenants-sync-done');
  await page.getByTestId('job-sync-close').click();
  await expect(page.getByTestId('job-sync')).toHaveCount(0);

  await page.getByTestId('tenants-sync').click();
  await expect(page.getByTestId('job-tenantsSync')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('job-report-tenantsSync')).toContainText('tenants on the platform');
});

test('tenants: phone width and Spanish', async ({ page }) => {
  await signInAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/tenants?tenant=bluebird.example');
  await expect(page.getByTestId('extensions-row')).toHaveCount(20);
  await shot(page, 'tenants-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: /Español/ }).click();
  await expect(page.getByRole('heading', { name: 'Gestión de extensiones' })).toBeVisible();
  await expect(page.getByTestId('ext-sync')).toHaveText('Sincronizar');
  await shot(page, 'tenants-es');
});
