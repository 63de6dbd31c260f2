import { type Locator, type Page, expect } from '@playwright/test';
import { E2E } from './constants';

/** A suffix that keeps each run's records apart from the seed and from other specs. */
export const stamp = () => Date.now().toString(36).slice(-5);

/**
 * Signs in through the API and opens the dashboard with that session, as the sign-in form does (the storage keys of
 * lib/session.ts's startSession). The form itself is driven by auth.spec.ts and the specs of its other paths (second
 * step, resets, throttle); here it would only cost every spec a page load (some 30 s of the suite on 2 cores).
 */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  const config = await page.request.get('/api/v1/publicConfig');
  expect(config.status()).toBe(200);
  const { cloud_id } = (await config.json()) as { cloud_id: string };
  const login = await page.request.post('/api/v1/adminLogin', { data: { cloud_id, user: username, password } });
  expect(login.status(), await login.text()).toBe(200);
  const reply = (await login.json()) as {
    Token?: string;
    username: string;
    name: string;
    id: number;
    user_type: string;
    url: string | null;
  };
  expect(reply.Token, 'a sign-in with a second step goes through the form').toBeTruthy();
  const creds = { username: reply.username, cloud_id, name: reply.name, id: reply.id, user_type: reply.user_type };
  // Any page of the portal's origin to write its storage; the favicon is the lightest.
  await page.goto('/favicon.svg');
  await page.evaluate(
    ({ token, creds, url }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('authenticated', 'true');
      localStorage.setItem('creds', JSON.stringify(creds));
      if (url) localStorage.setItem('profileURL', url);
      else localStorage.removeItem('profileURL');
      if (!localStorage.getItem('primary_color')) localStorage.setItem('primary_color', '#4466f2');
      if (!localStorage.getItem('secondary_color')) localStorage.setItem('secondary_color', '#1ea6ec');
    },
    { token: reply.Token ?? '', creds, url: reply.url },
  );
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar-menu')).toBeAttached();
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

/** Types into a server-side typeahead and picks the option whose text matches. */
export async function pick(page: Page, input: Locator, term: string, option: RegExp | string): Promise<void> {
  await input.click();
  await input.fill(term);
  await page.getByRole('option', { name: option }).first().click();
}

/** Opens the edit or delete action of the table row that contains the text. */
export function row(page: Page, table: string, text: string | RegExp): Locator {
  return page.getByTestId(`${table}-row`).filter({ hasText: text });
}

export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();
}
