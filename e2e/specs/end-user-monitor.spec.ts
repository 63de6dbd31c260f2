import { expect, test } from '../support/test';
import { apiCall, signIn, signInAdmin } from '../support/admin';
import { E2E } from '../support/constants';
import { PHONE } from '../support/end-user';
import { shot } from '../support/helpers';

test('live calls: an admin listens in to a simulated call and the browser receives audio packets', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/testSDP');
  await expect(page.getByTestId('monitor-signin-needed')).toBeVisible();
  await expect(page.getByTestId('monitor-login')).toHaveAttribute('href', '/login');
  await shot(page, 'end-user-monitor-signin-needed');

  await signInAdmin(page);
  await page.goto('/testSDP');
  const call = page.getByTestId('monitor-call').filter({ hasText: 'acme.example' }).first();
  await expect(call).toBeVisible();
  await call.getByTestId('monitor-listen').click();
  const status = call.getByTestId('monitor-status');
  await expect(status).toHaveAttribute('data-state', 'connected');
  // The browser's own WebRTC stats (inbound-rtp packetsReceived), polled by the page every second.
  await expect
    .poll(async () => Number(await status.getAttribute('data-packets')), { timeout: 15_000 })
    .toBeGreaterThan(20);
  const playing = await page
    .getByTestId('monitor-audio')
    .evaluate(
      (a: HTMLAudioElement) =>
        a.srcObject instanceof MediaStream && (a.srcObject as MediaStream).getAudioTracks().length,
    );
  expect(playing).toBe(1);
  await shot(page, 'end-user-monitor-listening');

  // Stop: the page DELETEs the session (WHEP teardown) and the call can be listened to again.
  const stopped = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/api/v1/monitor/'),
  );
  await call.getByTestId('monitor-stop').click();
  expect((await stopped).status()).toBe(200);
  await expect(call.getByTestId('monitor-listen')).toBeVisible();
});

test("live calls: the server's refusals are shown (licence limit, simple users)", async ({ page, browser }) => {
  await signInAdmin(page);
  const tenant = 'bluebird.example';
  const limits = {
    vcx_desktop: 10,
    vcx_mobile: 16,
    call_recording: 10,
    analytics: 1,
    tenant_id: tenant,
    confirm_below_use: true,
  };
  await apiCall(page, 'createUpdateLicenses', { ...limits, call_monitor: 0 });
  try {
    await page.setViewportSize(PHONE);
    await page.goto('/testSDP');
    const call = page.getByTestId('monitor-call').filter({ hasText: tenant }).first();
    await call.getByTestId('monitor-listen').click();
    await expect(page.getByTestId('monitor-error')).toHaveText(
      "This tenant's Call Monitor licence allows 0 listeners at a time; all are in use.",
    );
    await expect(call.getByTestId('monitor-listen')).toBeVisible();
    await shot(page, 'end-user-monitor-limit');
  } finally {
    await apiCall(page, 'createUpdateLicenses', { ...limits, call_monitor: 5 });
  }

  const simple = await browser.newPage({ viewport: PHONE });
  await signIn(simple, E2E.simpleUser.username, E2E.simpleUser.password);
  await simple.goto('/testSDP');
  await expect(simple.getByTestId('monitor-list-error')).toHaveText(
    'Listening to calls needs an administrator or reseller account.',
  );
});
