import { type Locator, type Page, expect } from '@playwright/test';
import { E2E } from './constants';

/** A suffix that keeps each run's records apart from the seed and from other specs. */
export const stamp = () => Date.now().toString(36).slice(-5);

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export const signInAdmin = (page: Page) => signIn(page, 'admin', E2E.adminPassword);

/**
 * Switches the portal's language with the header's switcher and waits until the page is in it (its strings are
 * fetched first): a navigation right after the click would otherwise race the switch.
 */
export async function switchLanguage(page: Page, lang: 'en' | 'es' | 'pt' | 'fr'): Promise<void> {
  await page.getByTestId('language-switcher').click();
  await page.getByTestId(`language-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Calls the API with the page's session token, for setting up many rows quickly. */
export async function apiCall<T = unknown>(page: Page, name: string, body: unknown = {}): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post(`/api/v1/${name}`, { data: body, headers: { token: token ?? '' } });
  expect(res.ok(), `${name} answered ${res.status()}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/**
 * A new reseller user of a reseller found by name (signed in as an administrator), then signed in as that user in
 * the same page (the administrator's storage cleared first).
 */
export async function signInNewResellerUser(page: Page, reseller: string, user: { name: string; email: string }) {
  const password = 'Reseller-e2e-1';
  const { id } = await apiCall<{ id: number }>(page, 'createUpdateResellerUser', { ...user, password });
  const [found] = await apiCall<{ id: number }[]>(page, 'resellerSummary', { search: reseller });
  await apiCall(page, 'createUpdateResellerUsersJunction', { user_id: id, reseller_id: found!.id });
  await page.evaluate(() => localStorage.clear());
  await signIn(page, user.email, password);
}

/** Types into a server-side typeahead and picks the option whose text matches. */
export async function pick(page: Page, input: Locator, term: string, option: RegExp | string): Promise<void> {
  await input.click();
  await input.fill(term);
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Types a search into a table and waits for that search's rows: a row of the previous page can still be on screen
 * (and be clicked) while the new rows are on their way, then be replaced under the pointer.
 */
export async function search(page: Page, table: string, term: string): Promise<void> {
  await page.getByTestId(`${table}-search`).fill(term);
  await expect(page.getByTestId(table)).toHaveAttribute('data-search', term.trim());
}

/** Opens the edit or delete action of the table row that contains the text. */
export function row(page: Page, table: string, text: string | RegExp): Locator {
  return page.getByTestId(`${table}-row`).filter({ hasText: text });
}

export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();
}
