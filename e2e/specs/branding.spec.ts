import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { apiCall, row, search, signIn, signInAdmin, stamp, toast } from '../support/admin';
import { E2E } from '../support/constants';
import { PHONE } from '../support/end-user';
import { readMails, shot, waitForMail } from '../support/helpers';

// Issue #19 item 1: a reseller's white-label, set through the form, worn by its users' portal, by the mail to its
// tenants' subscribers (read back from the SMTP server) and by the end-user pages on its own host name.
const TENANT = 'summit.example';
const LOGO = path.resolve(import.meta.dirname, '../support/avatar.png');

async function openBranding(page: Page, name: string, id: number) {
  await page.goto('/resellers');
  await search(page, 'resellers', name);
  await row(page, 'resellers', name).getByTestId('resellers-edit').click();
  await expect(page).toHaveURL(/\/resellers\/details$/);
  await page.getByTestId(`reseller-branding-${id}`).click();
  return page.getByTestId('branding-modal');
}

test('white-label: an administrator brands a reseller; its users, its subscribers mail and its host wear it (en, es)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  const s = stamp();
  const name = `Brightline ${s}`;
  const host = `brightline-${s}.localhost:${E2E.port}`;
  const { id } = await apiCall<{ id: number }>(page, 'createUpdateReseller', { name });
  try {
    await apiCall(page, 'createUpdateResllerTenants', { reseller_id: id, tenant_id: TENANT });

    // The form: a colour too light is refused with its ratio, then the brand is saved with a logo.
    const modal = await openBranding(page, name, id);
    await modal.getByTestId('branding-name').fill(`Brightline Phones ${s}`);
    await modal.getByTestId('branding-primary').fill('#ffff00');
    await expect(modal.getByTestId('branding-contrast-primary')).toContainText('1.07');
    await modal.getByTestId('branding-save').click();
    await expect(modal.getByText(/too light/)).toBeVisible();
    await modal.getByTestId('branding-primary').fill('#0b3d91');
    await modal.getByTestId('branding-secondary').fill('#8a1c1c');
    await modal.getByTestId('branding-logo').setInputFiles(LOGO);
    await modal.getByTestId('branding-sender-name').fill('Brightline Support');
    await modal.getByTestId('branding-sender-email').fill('hello@brightline.example');
    await modal.getByTestId('branding-support-email').fill('help@brightline.example');
    await modal.getByTestId('branding-support-phone').fill('+1 555 0199');
    await modal.getByTestId('branding-host').fill(host);
    await expect(modal.getByTestId('branding-preview')).toContainText(`Brightline Phones ${s}`);
    await shot(page, 'branding-form-1280');
    await modal.getByTestId('branding-save').click();
    await toast(page, 'The branding was saved.');
    const saved = await apiCall<{ logo_url: string; primary_color: string }>(page, 'getResellerBranding', {
      reseller_id: id,
    });
    expect(saved).toMatchObject({ primary_color: '#0b3d91', host_name: host });
    expect(saved.logo_url).toMatch(/^\/api\/v1\/files\//);

    // A user of the reseller sees its brand in the portal: header, title, favicon, colours.
    const email = `bright.${s}@e2e.example`;
    const { id: userId } = await apiCall<{ id: number }>(page, 'createUpdateResellerUser', {
      name: `Bright ${s}`,
      email,
      password: 'Bright-pass-42!',
    });
    await apiCall(page, 'createUpdateResellerUsersJunction', { user_id: userId, reseller_id: id });
    const seller = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(seller, email, 'Bright-pass-42!');
    await expect(seller.getByTestId('brand-header-name')).toHaveText(`Brightline Phones ${s}`);
    await expect(seller.getByTestId('brand-header-logo')).toHaveAttribute('src', saved.logo_url);
    await expect(seller).toHaveTitle(new RegExp(`Brightline Phones ${s}`));
    await expect(seller.locator('link[rel="icon"]')).toHaveAttribute('href', saved.logo_url);
    await expect(seller.getByTestId('footer')).toContainText(`Brightline Phones ${s}`);
    await expect(seller.getByTestId('footer')).not.toContainText('Provisio');
    await shot(seller, 'branding-portal-1440');
    await seller.setViewportSize({ width: 1280, height: 900 });
    await shot(seller, 'branding-portal-1280');
    await seller.close();

    // A subscriber of the reseller's tenant gets the QR link in the brand, in Spanish as it was sent.
    const ext = (
      await apiCall<{ extension: string; linked: boolean }[]>(page, 'getExtensions', { tenant_id: TENANT })
    ).find((e) => !e.linked)!;
    const subscriber = `sub.${s}@e2e.example`;
    await apiCall(page, 'linkExtension', {
      email: subscriber,
      did: `+1555077${ext.extension.slice(-4)}`,
      pin: '864213',
      password: 'Linked-pass-42!',
      extension: ext.extension,
      domain: TENANT,
      tenant_id: TENANT,
    });
    const before = (await readMails()).length;
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const sent = await page.request.post('/api/v1/emailLink', {
      headers: { token: token ?? '', 'accept-language': 'es' },
      data: {
        recepient: subscriber,
        subject: 'Tu app',
        body: '<p>Hola {{first_name}}: {{link}}</p>',
        tenant_id: TENANT,
      },
    });
    expect(sent.ok(), await sent.text()).toBeTruthy();
    const mail = await waitForMail(subscriber, before);
    expect(mail.text).toMatch(/^From: "?Brightline Support"? <hello@brightline\.example>/m);
    expect(mail.text).toContain('background:#0b3d91');
    expect(mail.text).toContain(`http://${host}${saved.logo_url}`);
    expect(mail.text).toMatch(/Soporte: help@brightline\.example \S+ \+1 555 0199/);
    const link = mail.text.match(new RegExp(`http://${host.replace(/[.]/g, '\\.')}/getQR\\?[^\\s"<]+`))?.[0];
    expect(link).toBeDefined();
    expect(link).toContain(`brand=${id}`);

    // The end-user page of that link, on the reseller's host, at phone width: Spanish, then English.
    for (const [locale, support] of [
      ['es', 'Soporte'],
      ['en', 'Support'],
    ] as const) {
      const context = await browser.newContext({ viewport: PHONE });
      // The language a visitor chose before (the pages' language switcher keeps it in localStorage).
      await context.addInitScript((lang) => localStorage.setItem('lang', lang), locale);
      const phone = await context.newPage();
      await phone.goto(link!.replace(/&amp;/g, '&'));
      await expect(phone.getByTestId('enduser-brand-name')).toHaveText(`Brightline Phones ${s}`);
      await expect(phone.getByTestId('enduser-brand-logo')).toHaveAttribute('src', saved.logo_url);
      await expect(phone.getByTestId('enduser-brand-support')).toContainText(support);
      await expect(phone.getByTestId('enduser-brand-support')).toContainText('help@brightline.example');
      await expect(phone).toHaveTitle(new RegExp(`Brightline Phones ${s}`));
      await shot(phone, `branding-getqr-${locale}-phone`);
      // Another end-user page on the same host wears it too, without a brand in its address.
      await phone.goto(`http://${host}/appSignin`);
      await expect(phone.getByTestId('enduser-brand-name')).toHaveText(`Brightline Phones ${s}`);
      await context.close();
    }
    // On the portal's own address, without the link's brand, an end-user page is the portal's.
    const plain = await browser.newPage({ viewport: PHONE });
    await plain.goto('/appSignin');
    await expect(plain.getByTestId('enduser-brand-name')).toHaveCount(0);
    await plain.close();
  } finally {
    await apiCall(page, 'deleteReseller', { id });
  }
});
