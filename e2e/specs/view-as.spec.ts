import { type Page, expect, test } from '../support/test';
import { apiCall, search, signInAdmin, stamp, switchLanguage, toast } from '../support/admin';
import { shot } from '../support/helpers';

/** Issue #18 item 4: an administrator views the portal as a simple user or a reseller user, audited, with a way back. */

const token = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
const me = async (page: Page, t: string | null) => page.request.get('/api/v1/me', { headers: { token: t ?? '' } });

async function resellerId(page: Page, name: string): Promise<number> {
  const rows = await apiCall<{ id: number; name: string }[]>(page, 'resellerSummary', { search: name });
  const found = rows.find((r) => r.name === name);
  if (!found) throw new Error(`no reseller ${name}`);
  return found.id;
}

test('view as a simple user: reason asked, banner on every screen, an edit audited under both names, back to the admin', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  const s = stamp();
  const username = `va.simple.${s}`;
  await signInAdmin(page);
  const adminToken = await token(page);
  const { id } = await apiCall<{ id: number }>(page, 'createUpdateUser', {
    name: `Vera Viewed ${s}`,
    email: `vera.${s}@bluebird.example`,
    username,
    password: 'Vera-pass-1',
    user_type: 'simple user',
    company: 'bluebird.example',
    active: true,
  });

  await page.getByTestId('nav-users').click();
  await expect(page).toHaveURL(/\/users$/);
  await search(page, 'users', username);
  await expect(page.getByTestId('users-row')).toHaveCount(1);
  // Administrators have no 'View as' button; this simple user has one.
  const admins = await apiCall<{ id: number; username: string }[]>(page, 'userSummary', { search: 'admin' });
  const adminId = admins.find((u) => u.username === 'admin')?.id;
  await search(page, 'users', 'admin');
  await expect(page.getByTestId('users-row').first()).toBeVisible();
  await expect(page.getByTestId(`view-as-user-${adminId}`)).toHaveCount(0);
  await search(page, 'users', username);
  await page.getByTestId(`view-as-user-${id}`).click();
  const dialog = page.getByTestId('view-as-dialog');
  await expect(dialog).toContainText(`View the portal as Vera Viewed ${s}`);
  await page.getByTestId('view-as-start').click();
  await expect(dialog).toContainText('Please give a reason for viewing as this user (at least 3 characters).');
  await page.getByTestId('view-as-reason').fill(`Ticket ${s}: extensions missing`);
  await shot(page, 'view-as-dialog-1280');
  await page.getByTestId('view-as-start').click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByTestId('view-as-banner');
  await expect(banner).toContainText(`You are viewing the portal as Vera Viewed ${s} (${username}, Simple User)`);
  await expect(banner).toContainText(`Signed in as admin · Reason: Ticket ${s}: extensions missing`);
  // A simple user's menu: no admin screens.
  await expect(page.getByTestId('nav-users')).toHaveCount(0);
  const viewToken = await token(page);
  expect(viewToken).not.toBe(adminToken);
  await shot(page, 'view-as-simple-1280');

  // Another screen: the banner stays; an edit made there, in the view, through the screen.
  await page.getByTestId('nav-tenants').click();
  await page.goto('/tenants?tenant=bluebird.example');
  await expect(page.getByTestId('view-as-banner')).toBeVisible();
  await search(page, 'extensions', '102');
  await expect(page.getByTestId('extensions-row')).toHaveCount(1);
  await page.getByTestId('ext-edit-102').click();
  await expect(page.getByTestId('view-as-banner')).toBeVisible();
  await page.getByTestId('details-first').fill(`Viewed ${s}`);
  await page.getByTestId('details-save').click();
  await toast(page, 'Successfully Updated User Information!');

  await page.getByTestId('view-as-back').click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByTestId('view-as-banner')).toHaveCount(0);
  await toast(page, 'You are back in your own account.');
  expect(await token(page)).toBe(adminToken);
  expect((await me(page, viewToken)).status()).toBe(401);
  expect((await me(page, adminToken)).status()).toBe(200);

  await page.getByTestId('nav-audit').click();
  await page.getByTestId('audit-actor').fill(username);
  const rows = page.getByTestId('audit-row');
  await expect(rows.filter({ hasText: 'bluebird.example/102' }).first()).toContainText(`admin as ${username}`);
  // The view's start (by the admin) and its end (in the view) are in the trail too.
  await page.getByTestId('audit-actor').fill('');
  await page.getByTestId('audit-entity').click();
  await page.getByRole('option', { name: 'View as' }).click();
  await expect(rows.first()).toContainText(`admin as ${username}`);
  await expect(rows.first()).toContainText('Delete');
  await rows.nth(1).click();
  await expect(page.getByTestId('audit-diff')).toContainText(`Ticket ${s}: extensions missing`);
  await shot(page, 'view-as-audit-1280');
});

test('view as a reseller user in French, at 1440 and phone width; signing out while viewing ends both sessions', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const s = stamp();
  const email = `va.seller.${s}@e2e.example`;
  await signInAdmin(page);
  const adminToken = await token(page);
  const { id } = await apiCall<{ id: number }>(page, 'createUpdateResellerUser', {
    name: `Rémi Revendeur ${s}`,
    email,
    password: 'Remi-pass-1',
  });
  await apiCall(page, 'createUpdateResellerUsersJunction', {
    user_id: id,
    reseller_id: await resellerId(page, 'Pioneer Voice'),
  });
  await switchLanguage(page, 'fr');

  await page.getByTestId('nav-reseller_users').click();
  await expect(page).toHaveURL(/\/reseller_users$/);
  await search(page, 'reseller-users', email);
  await page.getByTestId(`view-as-reseller_user-${id}`).click();
  await page.getByTestId('view-as-reason').fill('x'.repeat(2));
  await page.getByTestId('view-as-start').click();
  await expect(page.getByTestId('view-as-dialog')).toContainText('Indiquez la raison');
  await page.getByTestId('view-as-reason').fill(`Demande ${s} du revendeur`);
  await page.getByTestId('view-as-start').click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByTestId('view-as-banner');
  await expect(banner).toContainText(`Vous consultez le portail en tant que Rémi Revendeur ${s} (${email}`);
  await expect(banner).toContainText(`Connecté en tant que admin · Raison : Demande ${s} du revendeur`);
  await expect(page.getByTestId('view-as-back')).toHaveText('Revenir à mon compte');
  await shot(page, 'view-as-reseller-fr-1440');
  // The reseller user's tenants: those of Pioneer Voice only.
  await page.getByTestId('nav-tenants').click();
  await expect(page.getByTestId('screen-loader')).toHaveCount(0);
  await expect(banner).toBeVisible();
  await shot(page, 'view-as-reseller-tenants-fr-1440');

  await page.setViewportSize({ width: 390, height: 844 });
  // Opened afresh at phone width (the view survives a reload).
  await page.reload();
  await expect(page.getByTestId('screen-loader')).toHaveCount(0);
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('view-as-back')).toBeInViewport();
  await shot(page, 'view-as-reseller-fr-phone');

  await page.getByTestId('view-as-back').click();
  await expect(page).toHaveURL(/\/reseller_users$/);
  await expect(banner).toHaveCount(0);
  expect(await token(page)).toBe(adminToken);

  // Again, then sign out from the profile menu: the view and the administrator's session both end.
  await page.setViewportSize({ width: 1440, height: 900 });
  await search(page, 'reseller-users', email);
  await page.getByTestId(`view-as-reseller_user-${id}`).click();
  await page.getByTestId('view-as-reason').fill(`Demande ${s} bis`);
  await page.getByTestId('view-as-start').click();
  await expect(banner).toBeVisible();
  const viewToken = await token(page);
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await me(page, viewToken)).status()).toBe(401);
  expect((await me(page, adminToken)).status()).toBe(401);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});

test('a view the server ended (its time, or revoked) gives the administrator their own session back', async ({
  page,
}) => {
  const s = stamp();
  await signInAdmin(page);
  const adminToken = await token(page);
  const { id } = await apiCall<{ id: number }>(page, 'createUpdateResellerUser', {
    name: `Ended View ${s}`,
    email: `va.ended.${s}@e2e.example`,
    password: 'Ended-pass-1',
  });
  await page.getByTestId('nav-reseller_users').click();
  await search(page, 'reseller-users', `va.ended.${s}`);
  await page.getByTestId(`view-as-reseller_user-${id}`).click();
  await page.getByTestId('view-as-reason').fill(`Expiry check ${s}`);
  await page.getByTestId('view-as-start').click();
  await expect(page.getByTestId('view-as-banner')).toBeVisible();
  const viewToken = await token(page);
  // Ended behind the browser's back (as its 30 idle minutes or the administrator's other tab would).
  const ended = await page.request.post('/api/v1/stopViewing', { headers: { token: viewToken ?? '' } });
  expect(ended.status()).toBe(200);
  await page.getByTestId('nav-tenants').click();
  await toast(page, 'The view has ended. You are back in your own account.');
  await expect(page.getByTestId('view-as-banner')).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await token(page)).toBe(adminToken);
  await expect(page.getByTestId('nav-users')).toBeVisible();
});
