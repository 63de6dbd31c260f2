import { type Page, expect } from '@playwright/test';
import { apiCall, signInAdmin, stamp } from './admin';

/** Phone width: the end-user pages open in a phone's browser or inside the app. */
export const PHONE = { width: 390, height: 844 } as const;
export const ADMIN_SET_PASSWORD = 'admin-set';
export const TENANT = 'acme.example';

export async function cloudId(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/publicConfig');
  return ((await res.json()) as { cloud_id: string }).cloud_id;
}

/**
 * Links a demo extension of acme.example to a fresh app account as an admin would (linkExtension): its password
 * is the admin's "admin-set", so the account must change it at its first sign-in (appLogin answers 202).
 */
export async function linkAppAccount(
  admin: Page,
  extension: string,
  label: string,
): Promise<{ email: string; pin: string }> {
  if (!admin.url().startsWith('http') || !(await admin.evaluate(() => localStorage.getItem('token'))))
    await signInAdmin(admin);
  const email = `${label}.${extension}.${stamp()}@e2e.example`;
  const pin = String(400000 + Number(extension));
  await apiCall(admin, 'linkExtension', {
    email,
    did: `+1555000${extension}`,
    pin,
    password: ADMIN_SET_PASSWORD,
    extension,
    domain: TENANT,
    tenant_id: TENANT,
  });
  return { email, pin };
}

/** Ends the forced change through the API, for specs that need an account ready to use. */
export async function setAppPassword(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/v1/changeAppPassword', {
    data: { username: email, old_password: ADMIN_SET_PASSWORD, new_password: password },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}
