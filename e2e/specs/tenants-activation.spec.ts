import { expect, test, type Page } from '../support/test';
import { apiCall, search, signInAdmin, stamp, switchLanguage, toast } from '../support/admin';
import { shot } from '../support/helpers';

/**
 * Issue #14: the app provisions with the activation secret of its QR, not the user's password; an administrator gives
 * it a new activation QR or revokes it from the extension's details, and provisioning then answers 403.
 */
const TENANT = 'bluebird.example';
/** The secret of a `csc:username:secret@CLOUDID` payload. */
const secretOf = (qr: string) => decodeURIComponent(/^csc:[^:@]*:([^@]*)@/.exec(qr)![1]!);
const PASSWORD = 'Act!vat10n(e2e)';

interface Ext {
  extension: string;
  linked: boolean;
}

async function linkFresh(page: Page, tag: string): Promise<{ extension: string; email: string; cloudId: string }> {
  const list = await apiCall<Ext[]>(page, 'getExtensions', { tenant_id: TENANT });
  const free = list.filter((e) => !e.linked);
  const ext = free[tag === 'en' ? 0 : 1]!;
  const email = `act-${tag}-${stamp()}@bluebird.example`;
  await apiCall(page, 'linkExtension', {
    email,
    did: '+15550177',
    pin: '975310',
    password: PASSWORD,
    extension: ext.extension,
    tenant_id: TENANT,
  });
  const { cloud_id } = await (await page.request.get('/api/v1/publicConfig')).json();
  return { extension: ext.extension, email, cloudId: cloud_id };
}

/** What an app gets from /provision with these credentials. */
const provision = (page: Page, cloudId: string, username: string, password: string, lang = 'en') =>
  page.request.get('/api/v1/provision', {
    params: { cloud_id: cloudId, cloud_username: username, cloud_password: password },
    headers: { 'user-agent': 'CloudSoftphone/1.5.6', 'accept-language': lang },
  });

/** The secret of the QR the user would see on /getQR (it signs in with the password). */
async function qrSecret(page: Page, cloudId: string, email: string): Promise<string> {
  const res = await page.request.post('/api/v1/authLogin', {
    data: { username: email, password: PASSWORD, cloud_id: cloudId },
  });
  expect(res.status()).toBe(200);
  const { qrValue } = await res.json();
  expect(qrValue).not.toContain(encodeURIComponent(PASSWORD));
  return secretOf(qrValue);
}

async function openDetails(page: Page, extension: string) {
  await page.goto(`/tenants?tenant=${TENANT}`);
  await search(page, 'extensions', extension);
  await expect(page.getByTestId('extensions-row')).toHaveCount(1);
  await page.getByTestId(`ext-edit-${extension}`).click();
  await expect(page.getByTestId('app-activation')).toBeVisible();
}

test('an administrator gives an app a new activation QR, then revokes it: provisioning answers 403 (English)', async ({
  page,
}) => {
  await signInAdmin(page);
  const { extension, email, cloudId } = await linkFresh(page, 'en');
  const first = await qrSecret(page, cloudId, email);
  expect((await provision(page, cloudId, email, first)).status()).toBe(200);

  await openDetails(page, extension);
  await page.getByTestId('activation-rotate').click();
  await expect(page.getByTestId('activation-rotate-dialog')).toContainText(
    `Extension ${extension} gets a new activation code.`,
  );
  await page.getByTestId('activation-send-email').uncheck();
  const rotated = page.waitForResponse((r) => r.url().endsWith('/api/v1/rotateActivation'));
  await page.getByTestId('activation-rotate-confirm').click();
  const { qrValue } = await (await rotated).json();
  await toast(page, 'A new activation QR code was issued. The previous one stops working in 10 minutes.');
  await expect(page.getByTestId('activation-qr')).toBeVisible();
  await shot(page, 'activation-new-qr');
  const second = secretOf(qrValue);
  expect((await provision(page, cloudId, email, second)).status()).toBe(200);
  expect((await provision(page, cloudId, email, first)).status()).toBe(200); // the grace
  await page.keyboard.press('Escape');

  await page.getByTestId('activation-revoke').click();
  await expect(page.getByTestId('confirm-message')).toHaveText(`Revoke the app of extension ${extension}?`);
  await expect(page.getByTestId('confirm-warning')).toContainText('the SIP password is changed');
  await page.getByTestId('confirm-delete').click();
  await toast(page, 'The app was revoked');
  for (const secret of [second, first, PASSWORD]) {
    const res = await provision(page, cloudId, email, secret);
    expect(res.status()).toBe(403);
    expect(await res.text()).toContain('<message>Invalid Credentials</message>');
  }
});

test('revoking an app from the Spanish screens: confirm, toast and the 403 in Spanish', async ({ page }) => {
  await signInAdmin(page);
  await switchLanguage(page, 'es');
  const { extension, email, cloudId } = await linkFresh(page, 'es');
  const secret = await qrSecret(page, cloudId, email);
  expect((await provision(page, cloudId, email, secret)).status()).toBe(200);

  await openDetails(page, extension);
  await expect(page.getByTestId('app-activation')).toContainText('Activación de la app');
  await page.getByTestId('activation-revoke').click();
  await expect(page.getByTestId('confirm-message')).toHaveText(`¿Revocar la app de la extensión ${extension}?`);
  await shot(page, 'activation-revoke-es');
  await page.getByTestId('confirm-delete').click();
  await toast(page, 'La app fue revocada');
  const refused = await provision(page, cloudId, email, secret, 'es');
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain('<message>Credenciales no válidas</message>');
  expect((await provision(page, cloudId, email, PASSWORD, 'es')).status()).toBe(403);
});
