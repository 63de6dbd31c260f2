import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Page, expect, test } from '../support/test';
import { pick, signInAdmin, switchLanguage } from '../support/admin';
import { shot } from '../support/helpers';

/**
 * Issue #18 item 3: a webhook endpoint created in the Webhooks screen, its test event received by a real HTTP server
 * this spec starts on loopback (the signature checked here with the secret the screen showed once), and the
 * delivery seen in the endpoint's log; in English and in French.
 */
interface Got {
  event: string;
  delivery: string;
  signature: string;
  body: string;
}
const received: Got[] = [];
let server: http.Server;
let url = '';

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({
        event: String(req.headers['x-provisio-event']),
        delivery: String(req.headers['x-provisio-delivery']),
        signature: String(req.headers['x-provisio-signature']),
        body,
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/provisio`;
});
test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

const signed = (secret: string, got: Got) => {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(got.signature) ?? [];
  return v1 === createHmac('sha256', secret).update(`${t}.${got.body}`).digest('hex');
};

/** Creates an endpoint for Bluebird in the screen; returns the secret shown once. */
async function createEndpoint(page: Page, target: string, shotName: string): Promise<string> {
  await page.getByTestId('webhook-new').click();
  const modal = page.getByTestId('webhook-modal');
  await pick(page, modal.getByTestId('webhook-tenant'), 'blue', /Bluebird/);
  // A URL that is not http(s) is refused by the server, in the screen's language, and nothing is created.
  await modal.getByTestId('webhook-url').fill('ftp://127.0.0.1/hook');
  await modal.getByTestId('webhook-event-extension.created').check();
  await modal.getByTestId('webhook-event-app.revoked').check();
  await modal.getByTestId('webhook-create').click();
  await expect(modal.getByTestId('webhook-error')).toBeVisible();
  await modal.getByTestId('webhook-url').fill(target);
  await shot(page, `${shotName}-form`);
  await modal.getByTestId('webhook-create').click();
  const secret = (await modal.getByTestId('webhook-secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  await shot(page, `${shotName}-secret`);
  await modal.getByTestId('webhook-secret-done').click();
  await expect(modal).toBeHidden();
  return secret;
}

async function sendTestAndSeeLog(page: Page, target: string, secret: string, delivered: RegExp, shotName: string) {
  const row = page.locator('[data-testid^="webhook-row-"]').filter({ hasText: target });
  await expect(row).toHaveCount(1);
  const before = received.length;
  await row.locator('[data-testid^="webhook-test-"]').click();
  const log = page.getByTestId('webhook-log');
  await expect(log.getByTestId('webhook-log-row').first()).toContainText('webhook.test', { timeout: 15_000 });
  await expect(log.getByTestId('webhook-log-status').first()).toHaveText('200');
  await expect(log.getByTestId('webhook-log-row').first()).toContainText(delivered);
  expect(received.length).toBe(before + 1);
  const got = received.at(-1)!;
  expect(got.event).toBe('webhook.test');
  expect(got.delivery).toMatch(/^dlv_/);
  expect(signed(secret, got)).toBe(true);
  expect(signed('whsec_not-this-one', got)).toBe(false);
  await shot(page, `${shotName}-log`);
  await page.keyboard.press('Escape');
  await expect(log).toBeHidden();
  // Let the modal's closing transition end before the next screenshot.
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);
}

test('webhooks: an endpoint created in the screen receives a signed test event, seen in its delivery log', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await signInAdmin(page);
  await page.getByTestId('nav-webhooks').click();
  await expect(page).toHaveURL(/\/webhooks$/);
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  const target = `${url}?lang=en`;
  const secret = await createEndpoint(page, target, 'webhooks-en-1280');
  await expect(page.getByTestId('webhook-error')).toHaveCount(0);
  await sendTestAndSeeLog(page, target, secret, /delivered/, 'webhooks-en-1280');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'webhooks-en-1440');
  // Phone width: the list scrolls sideways inside its card; the menu folds away.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('webhook-new')).toBeInViewport();
  await page.waitForTimeout(500); // the menu's folding transition
  await shot(page, 'webhooks-en-390');
});

test('webhooks in French: the refusal, the secret, the test event and the log', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  await switchLanguage(page, 'fr');
  await page.getByTestId('nav-webhooks').click();
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await page.getByTestId('webhook-new').click();
  const modal = page.getByTestId('webhook-modal');
  await pick(page, modal.getByTestId('webhook-tenant'), 'blue', /Bluebird/);
  await modal.getByTestId('webhook-url').fill('ftp://127.0.0.1/hook');
  await modal.getByTestId('webhook-event-app.revoked').check();
  await modal.getByTestId('webhook-create').click();
  await expect(modal.getByTestId('webhook-error')).toHaveText(
    'L’URL du webhook doit être une adresse http:// ou https:// complète (sans nom d’utilisateur ni mot de passe).',
  );
  await page.keyboard.press('Escape');
  const target = `${url}?lang=fr`;
  const secret = await createEndpoint(page, target, 'webhooks-fr-1440');
  await sendTestAndSeeLog(page, target, secret, /livré/, 'webhooks-fr-1440');
  await page.setViewportSize({ width: 1280, height: 860 });
  await shot(page, 'webhooks-fr-1280');
});
