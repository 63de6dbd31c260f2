import { expect, test } from '../support/test';
import { signInAdmin } from '../support/admin';
import { guardPage } from '../support/security';

/** The web app runs under the server's content security policy: no violation on any main screen. */
const SCREENS = [
  '/dashboard',
  '/resellers',
  '/reseller_users',
  '/users',
  '/tenants',
  '/tenants?tenant=acme.example',
  '/client_profiles',
  '/domains',
  '/licenses',
  '/email_templates',
  '/logs',
  '/audit',
  '/userEdit',
];
const PUBLIC = ['/login', '/appSignin', '/getQR', '/cdrs', '/resetPassword?ref=x', '/error'];

test('public pages and every admin screen load without a CSP violation', async ({ page }) => {
  test.setTimeout(120_000);
  const guard = guardPage(page);
  for (const path of PUBLIC) {
    const res = await page.goto(path);
    expect(res?.headers()['content-security-policy'], path).toContain("script-src 'self'");
    await page.waitForLoadState('networkidle');
    await guard.check(path);
  }
  await signInAdmin(page);
  for (const path of SCREENS) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('screen-loader')).toHaveCount(0);
    await guard.check(path);
  }
});
