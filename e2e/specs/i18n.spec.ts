import { expect, test } from '../support/test';
import { E2E } from '../support/constants';
import { switchLanguage } from '../support/admin';
import { shot } from '../support/helpers';

test('switching to Spanish shows the Spanish menu, and the choice is kept after a reload', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(E2E.adminPassword);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('nav-resellers')).toContainText('Resellers');

  await switchLanguage(page, 'es');
  await expect(page.getByTestId('nav-resellers')).toContainText('Revendedores');
  await expect(page.getByTestId('nav-email_templates')).toContainText('Plantillas de correo');
  await expect(page.getByTestId('nav-logs')).toContainText('Registros del sistema');
  await shot(page, 'dashboard-es');

  // Spanish is a chunk of its own, loaded before the first paint: the reloaded page never shows English.
  await page.addInitScript(() => {
    const w = window as unknown as { sawEnglish: boolean };
    w.sawEnglish = false;
    new MutationObserver(() => {
      if (document.body?.innerText.includes('Resellers')) w.sawEnglish = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.reload();
  await expect(page.getByTestId('nav-resellers')).toContainText('Revendedores');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await page.evaluate(() => (window as unknown as { sawEnglish: boolean }).sawEnglish)).toBe(false);
  // The server answers in the same language.
  const res = await page.request.post('/api/v1/adminLogin', {
    data: { cloud_id: 'DEMO', user: 'admin', password: 'wrong' },
    headers: { 'accept-language': await page.evaluate(() => localStorage.getItem('lang') ?? '') },
  });
  expect((await res.json()).error.message).toBe('Credenciales no válidas');

  await switchLanguage(page, 'fr');
  await expect(page.getByTestId('nav-resellers')).toContainText('Revendeurs');
  await shot(page, 'dashboard-fr');
  await switchLanguage(page, 'en');
});
