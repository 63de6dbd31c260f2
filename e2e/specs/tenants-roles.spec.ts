import { expect, test } from '../support/test';
import { signInAdmin, signInNewResellerUser, stamp } from '../support/admin';
import { shot } from '../support/helpers';

test('a reseller user sees only supervised tenants and is refused for another tenant', async ({ page }) => {
  const s = stamp();
  await signInAdmin(page);
  await signInNewResellerUser(page, 'Pioneer Voice', { name: `Tina ${s}`, email: `tina.${s}@e2e.example` });
  await page.getByTestId('nav-tenants').click();
  await page.getByTestId('tenants-tenant').click();
  await expect(page.getByRole('option')).toHaveText([
    'Bluebird Dental (bluebird.example)',
    'Cobalt Legal (cobalt.example)',
  ]);
  await page.getByRole('option', { name: /Cobalt Legal/ }).click();
  await expect(page.getByTestId('extensions-total')).toHaveText('Total: 45');
  // Admin-only actions are not offered.
  await expect(page.getByTestId('ext-add')).toHaveCount(0);
  await expect(page.getByTestId('tenants-add')).toHaveCount(0);
  await expect(page.getByTestId('extensions-delete')).toHaveCount(0);
  await shot(page, 'tenants-reseller-user');

  await page.goto('/tenants?tenant=acme.example');
  await expect(page.getByTestId('tenants-not-found')).toBeVisible();
  await expect(page.getByTestId('extensions-row')).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (const [call, body] of [
    ['getExtensions', { tenant_id: 'acme.example' }],
    ['updateAndGetTenants', { tenant_id: 'acme.example', column_name: 'mobile_app_allowed', value: 'true' }],
    ['extensionsExport', { tenant_id: 'acme.example' }],
  ] as const) {
    const refused = await page.request.post(`/api/v1/${call}`, { data: body, headers: { token: token! } });
    expect(refused.status(), call).toBe(403);
  }
});
