import { type APIRequestContext, type Page, expect, test } from '../support/test';
import { signInAdmin, stamp, switchLanguage, toast } from '../support/admin';
import { shot } from '../support/helpers';

/**
 * Issue #18 item 2: an API key created in the API keys screen, shown once, used by an integration
 * (plain HTTP requests with `Authorization: Bearer`), its last use shown, revoked with confirmation, then refused.
 */

const bearer = (request: APIRequestContext, name: string, key: string, body: unknown = {}, lang = 'en') =>
  request.post(`/api/v1/${name}`, {
    data: body,
    headers: { authorization: `Bearer ${key}`, 'accept-language': lang },
  });

async function createKey(page: Page, name: string, mode: 'read' | 'write'): Promise<string> {
  await page.getByTestId('api-key-new').click();
  await page.getByTestId('api-key-name').fill(name);
  if (mode === 'write')
    await page
      .getByTestId('api-key-mode')
      .getByText(/write|escritura/i)
      .click();
  await page.getByTestId('api-key-create').click();
  const value = page.getByTestId('api-key-value');
  await expect(value).toContainText('pvk_');
  return ((await value.textContent()) ?? '').trim();
}

test('an administrator creates a key, an integration uses it, the screen shows its use, revocation refuses it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  const s = stamp();
  await signInAdmin(page);
  await page.getByTestId('nav-api_keys').click();
  await expect(page).toHaveURL(/\/api_keys$/);

  // Bad input is refused in the form, and nothing is created.
  await page.getByTestId('api-key-new').click();
  await page.getByTestId('api-key-name').fill(`Bad ${s}`);
  await page.getByTestId('api-key-addresses').fill('10.0.0.0/33');
  await page.getByTestId('api-key-create').click();
  await expect(page.getByTestId('api-key-error')).toContainText('"10.0.0.0/33" is not an IP address or a CIDR range');
  await page.getByTestId('api-key-addresses').fill('');
  await page.getByTestId('api-key-expires').fill('2020-01-01');
  await page.getByTestId('api-key-create').click();
  await expect(page.getByTestId('api-key-error')).toContainText('The expiry date must be in the future.');
  await page.keyboard.press('Escape');

  const key = await createKey(page, `Billing ${s}`, 'write');
  expect(key).toMatch(/^pvk_[A-Za-z0-9_-]{43}$/);
  await shot(page, 'api-keys-created-1280');
  await page.getByTestId('api-key-done').click();

  // The integration: a read and a write with the key, and what a key may never do.
  const tenants = await bearer(page.request, 'tenantList', key);
  expect(tenants.status()).toBe(200);
  expect(tenants.headers()['ratelimit-limit']).toBeTruthy();
  expect((await tenants.json()).map((t: { tid: string }) => t.tid)).toContain('bluebird.example');
  const write = await bearer(page.request, 'updateAndGetTenants', key, {
    tenant_id: 'bluebird.example',
    column_name: 'desktop_app_allowed',
    value: 'false',
  });
  expect([200, 409]).toContain(write.status());
  const child = await bearer(page.request, 'createApiKey', key, { name: 'child', scope: 'all', read_only: false });
  expect(child.status()).toBe(403);

  // The list shows the key without its secret, with its last use.
  await page.reload();
  const row = page.locator('[data-testid^="api-key-row-"]').filter({ hasText: `Billing ${s}` });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).not.toContainText(key.slice(12));
  await expect(row.getByTestId('api-key-last-used')).toContainText('from');
  await expect(row).toContainText('Read-write');
  await shot(page, 'api-keys-list-1280');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'api-keys-list-1440');

  // Revoked with confirmation: refused from the next call on.
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('confirm-message')).toContainText(`Revoke the key "Billing ${s}"?`);
  await shot(page, 'api-keys-revoke-1440');
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Revoke' }).click();
  await toast(page, `The key "Billing ${s}" was revoked.`);
  await expect(row).toHaveCount(0);
  const refused = await bearer(page.request, 'tenantList', key);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.message).toBe('This API key is unknown, expired or revoked.');
});

test('in Spanish: a read-only key reads, is refused a write, and the refusal after revocation is in Spanish', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const s = stamp();
  await signInAdmin(page);
  await switchLanguage(page, 'es');
  await page.getByTestId('nav-api_keys').click();
  await expect(page.getByRole('heading', { name: 'Claves de API' })).toBeVisible();

  const key = await createKey(page, `Lector ${s}`, 'read');
  await expect(page.getByTestId('api-key-created')).toContainText('Es la única vez que se muestra la clave');
  await shot(page, 'api-keys-created-es-1440');
  await page.getByTestId('api-key-done').click();

  expect((await bearer(page.request, 'tenantList', key, {}, 'es')).status()).toBe(200);
  const write = await bearer(
    page.request,
    'updateAndGetTenants',
    key,
    { tenant_id: 'bluebird.example', column_name: 'desktop_app_allowed', value: 'true' },
    'es',
  );
  expect(write.status()).toBe(403);
  expect((await write.json()).error.message).toBe('Esta clave de API es de solo lectura: no puede cambiar nada.');

  const row = page.locator('[data-testid^="api-key-row-"]').filter({ hasText: `Lector ${s}` });
  await expect(row).toContainText('Solo lectura');
  await row.getByRole('button', { name: 'Revocar' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Revocar' }).click();
  await toast(page, `La clave "Lector ${s}" fue revocada.`);
  // Not forced: the click waits for the closing dialog's overlay to leave (a forced one landed on it).
  await page.getByRole('switch', { name: 'Mostrar claves revocadas' }).check();
  await expect(row).toContainText('Revocada');
  await shot(page, 'api-keys-revoked-es-1440');
  await page.setViewportSize({ width: 1280, height: 860 });
  await shot(page, 'api-keys-revoked-es-1280');
  const refused = await bearer(page.request, 'tenantList', key, {}, 'es');
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.message).toBe(
    'Esta clave de API es desconocida, ha caducado o ha sido revocada.',
  );
});
