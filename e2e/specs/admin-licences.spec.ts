import { expect, test } from '@playwright/test';
import { pick, signInAdmin, toast } from '../support/admin';
import { shot } from '../support/helpers';

test('licences: choose a tenant, all five limits required, save and reload', async ({ page }) => {
  await signInAdmin(page);
  await page.getByTestId('nav-licenses').click();
  await expect(page.getByTestId('licences-choose')).toBeVisible();
  await expect(page.getByTestId('licences-tenant')).toHaveAttribute('placeholder', 'Choose a tenant...');
  await pick(page, page.getByTestId('licences-tenant'), 'summ', /Summit Health/);
  await expect(page.getByTestId('licences-vcx_desktop')).toHaveValue('30');

  await page.getByTestId('licences-vcx_desktop').fill('');
  await page.getByTestId('licences-save').click();
  await expect(page.getByTestId('licences-error')).toHaveText('All Fields are mandatory!');

  const limits = { vcx_desktop: '7', vcx_mobile: '8', call_monitor: '2', call_recording: '3', analytics: '1' };
  for (const [field, value] of Object.entries(limits)) await page.getByTestId(`licences-${field}`).fill(value);
  await page.getByTestId('licences-save').click();
  await toast(page, 'Successfully saved data!');
  await expect(page.getByTestId('licences-updated')).toContainText('Last updated by admin');
  await shot(page, 'licences');

  await page.reload();
  await pick(page, page.getByTestId('licences-tenant'), 'summ', /Summit Health/);
  for (const [field, value] of Object.entries(limits))
    await expect(page.getByTestId(`licences-${field}`)).toHaveValue(value);
});
