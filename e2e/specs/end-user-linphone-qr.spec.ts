import { expect, test } from '../support/test';
import { PHONE, cloudId, linkAppAccount, setAppPassword } from '../support/end-user';
import { shot } from '../support/helpers';

test('QR page: the Linphone choice shows a QR of a one-time provisioning URL that works once (English, then Spanish)', async ({
  page,
  browser,
}) => {
  const { email } = await linkAppAccount(page, '108', 'linphone');
  const password = 'Lin-Strong-pass1!';
  await setAppPassword(page, email, password);
  const cloud = await cloudId(page);

  const phone = await browser.newPage({ viewport: PHONE });
  await phone.goto(`/getQR?username=${encodeURIComponent(email)}&cloud_id=${cloud}`);
  await expect(phone.getByTestId('qr-app-choice')).toHaveCount(0);
  await phone.getByTestId('qr-password').fill(password);
  await phone.getByTestId('qr-submit').click();
  await expect(phone.getByTestId('qr-code')).toBeVisible();

  const minted = phone.waitForResponse((r) => r.url().endsWith('/api/v1/linphoneLink'));
  await phone.getByTestId('qr-app-choice').getByText('Linphone').click();
  const reply = await minted;
  expect(reply.status()).toBe(200);
  const { url } = (await reply.json()) as { url: string };
  await expect(phone.getByTestId('linphone-qr-code')).toBeVisible();
  await expect(phone.getByTestId('qr-code')).toHaveCount(0);
  await expect(phone.getByTestId('linphone-qr-hint')).toContainText('Single use, valid until');
  await shot(phone, 'end-user-qr-linphone');

  // The QR's URL is Linphone's configuration, once.
  const path = new URL(url).pathname;
  const first = await phone.request.get(path);
  expect(first.status()).toBe(200);
  const xml = await first.text();
  expect(xml).toContain('<config xmlns="http://www.linphone.org/xsds/lpconfig.xsd"');
  expect(xml).toContain('<section name="proxy_0">');
  expect(xml).toMatch(/&lt;sip:108@[^&]+&gt;<\/entry>/);
  const second = await phone.request.get(path, { headers: { 'accept-language': 'es' } });
  expect(second.status()).toBe(404);
  expect(((await second.json()) as { error: { message: string } }).error.message).toContain(
    'Este enlace de Linphone no es válido',
  );

  // A new code replaces the spent one; back to the softphone app shows its own QR again.
  const again = phone.waitForResponse((r) => r.url().endsWith('/api/v1/linphoneLink'));
  await phone.getByTestId('linphone-qr-new').click();
  const next = (await (await again).json()) as { url: string };
  expect(next.url).not.toBe(url);
  await phone.getByTestId('qr-app-choice').getByText('Softphone app').click();
  await expect(phone.getByTestId('qr-code')).toBeVisible();

  // Spanish: the choice and the hint are translated.
  const es = await browser.newPage({ viewport: PHONE });
  await es.addInitScript(() => window.localStorage.setItem('lang', 'es'));
  await es.goto(`/getQR?username=${encodeURIComponent(email)}&cloud_id=${cloud}`);
  await es.getByTestId('qr-password').fill(password);
  await es.getByTestId('qr-submit').click();
  await es.getByTestId('qr-app-choice').getByText('Linphone').click();
  await expect(es.getByTestId('linphone-qr-hint')).toContainText('Un solo uso, válido hasta las');
  await expect(es.getByTestId('qr-app-choice')).toContainText('App de softphone');
  await shot(es, 'end-user-qr-linphone-es');
});
