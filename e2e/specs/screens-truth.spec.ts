import { expect, test } from '@playwright/test';
import { signInAdmin } from '../support/admin';
import { shot } from '../support/helpers';

// Issue #20, smaller items: what a screen says is in the user's language and true.

test('the rich-text toolbar speaks the user language (French and Spanish)', async ({ page }) => {
  await signInAdmin(page);
  for (const [lang, bold, list, link] of [
    ['fr', 'Gras', 'Liste numérotée', 'Supprimer le lien'],
    ['es', 'Negrita', 'Lista numerada', 'Quitar enlace'],
  ] as const) {
    await page.getByTestId('language-switcher').click();
    await page.getByTestId(`language-${lang}`).click();
    await page.getByTestId('nav-email_templates').click();
    const toolbar = page.getByTestId('template-body');
    await expect(toolbar.getByRole('button', { name: bold, exact: true })).toBeVisible();
    await expect(toolbar.getByRole('button', { name: list, exact: true })).toBeVisible();
    await expect(toolbar.getByRole('button', { name: link, exact: true })).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'Bold', exact: true })).toHaveCount(0);
  }
  await shot(page, 'templates-toolbar-es');
});
