import { expect, test, type Page } from '../support/test';
import { apiCall, search, stamp, switchLanguage } from '../support/admin';
import { ADMIN_SET_PASSWORD, TENANT, linkAppAccount } from '../support/end-user';
import { readMails, shot, waitForMail } from '../support/helpers';

// Issue #19: the Email QR modal opens with the default template in the templates' rich-text editor and shows what
// the first recipient gets (the email read back from the SMTP server says the same); the tenant picker lists every
// tenant again after a choice.

interface Ext {
  extension: string;
  firstname: string;
  lastname: string;
}
const BODY =
  '<p>Dear {{first_name}} {{last_name}},</p><p>Password: {{password}}</p><p><a href="{{link}}">{{link}}</a></p>';

/** Opens the picker and returns the labels it lists (the tenants the admin may see), the chosen one's first. */
async function pickerOptions(page: Page): Promise<{ all: string[]; chosen: string[] }> {
  const input = page.getByTestId('tenants-tenant');
  await input.click();
  // The dropdown is mounted when it opens (theme: keepMounted false): the one listbox on the page.
  const list = page.getByRole('listbox');
  const options = list.getByRole('option');
  await expect(options.first()).toBeVisible();
  const all = await options.allTextContents();
  const chosen = await list.locator('[role="option"][aria-selected="true"]').allTextContents();
  return { all, chosen };
}

async function openEmailQr(page: Page, extension: string) {
  await search(page, 'extensions', extension);
  await expect(page.getByTestId('extensions-row')).toHaveCount(1);
  await page.getByTestId(`ext-send-${extension}`).click();
  return page.getByTestId('email-qr-modal');
}

test('Email QR preview: default template, rich-text editor, the first recipient filled in as mailed; the picker lists every tenant (en, es)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const s = stamp();
  const name = `Preview ${s}`;
  const { email } = await linkAppAccount(page, '109', 'ep');
  const ext = (await apiCall<(Ext & { email: string })[]>(page, 'getExtensions', { tenant_id: TENANT })).find(
    (e) => e.extension === '109',
  )!;
  const tenants = await apiCall<{ tid: string; tname: string }[]>(page, 'tenantList', { limit: 100 });
  const { id } = await apiCall<{ id: number }>(page, 'templateCreateUpdate', {
    name,
    subject: 'Hello {{first_name}}',
    body: BODY,
  });
  try {
    // The templates screen makes it the default: the list marks it.
    await page.getByTestId('nav-email_templates').click();
    const item = page.getByTestId('template-item').filter({ hasText: name });
    await item.getByTestId('template-open').click();
    await expect(page.getByTestId('template-default')).not.toBeChecked();
    await page.getByTestId('template-default').check();
    await page.getByTestId('template-save').click();
    await expect(item.getByTestId('template-default-badge')).toHaveText('Default');

    // The picker: after a choice it still lists every tenant, the chosen one marked.
    await page.goto(`/tenants?tenant=${TENANT}`);
    await expect(page.getByTestId('extensions-row').first()).toBeVisible({ timeout: 30_000 });
    const other = tenants.find((x) => x.tid !== TENANT)!;
    let listed = await pickerOptions(page);
    expect(listed.all).toHaveLength(tenants.length);
    expect(listed.chosen).toEqual([expect.stringContaining(TENANT)]);
    await page.getByRole('option', { name: `${other.tname} (${other.tid})` }).click();
    await expect(page).toHaveURL(new RegExp(`tenant=${other.tid.replace('.', '\\.')}`));
    listed = await pickerOptions(page);
    expect(listed.all).toHaveLength(tenants.length);
    expect(listed.chosen).toEqual([`${other.tname} (${other.tid})`]);
    await page.getByRole('option', { name: new RegExp(`\\(${TENANT.replace('.', '\\.')}\\)$`) }).click();
    await expect(page).toHaveURL(new RegExp(`tenant=${TENANT.replace('.', '\\.')}`));

    // The modal opens with the default template, in the rich-text editor.
    const modal = await openEmailQr(page, '109');
    await expect(modal.getByTestId('email-template')).toHaveValue(name);
    await expect(modal.getByTestId('email-subject')).toHaveValue('Hello {{first_name}}');
    const editor = modal.locator('[data-testid="email-body-content"] .ProseMirror');
    await expect(editor).toContainText('Dear {{first_name}} {{last_name}},');
    await expect(modal.getByRole('button', { name: 'Bold' })).toBeVisible();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('See you soon, ');
    await modal.getByTestId('email-insert-first_name').click();

    // The preview: the first recipient's values, the link, no password.
    const preview = modal.getByTestId('email-preview');
    await expect(preview.getByTestId('email-preview-subject')).toHaveText(`Hello ${ext.firstname}`);
    await expect(preview.getByTestId('email-preview-recipient')).toContainText(`${ext.firstname} ${ext.lastname}`);
    const frame = modal.frameLocator('[data-testid="email-preview-frame"]').locator('body');
    await expect(frame).toContainText(`See you soon, ${ext.firstname}`);
    await expect(frame).toContainText(`Dear ${ext.firstname} ${ext.lastname},`);
    await expect(frame).toContainText('Use the password you were given');
    await expect(frame).toContainText(`/getQR?username=${encodeURIComponent(email)}&cloud_id=`);
    const shown = await frame.innerText();
    expect(shown).not.toContain(ADMIN_SET_PASSWORD);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `email-preview-${width}`);
    }

    // What arrives is what the preview showed.
    const before = (await readMails()).length;
    await modal.getByTestId('email-send').click();
    await expect(modal.getByTestId('email-confirm-to-send')).toContainText(email);
    await modal.getByTestId('email-confirm-send').click();
    await expect(modal).toBeHidden();
    const mail = await waitForMail(email, before);
    expect(mail.subject).toBe(`Hello ${ext.firstname}`);
    for (const line of [`Dear ${ext.firstname} ${ext.lastname},`, `See you soon, ${ext.firstname}`])
      expect(mail.text).toContain(line);
    expect(mail.text).toContain(`/getQR?username=${encodeURIComponent(email)}&cloud_id=`);
    expect(mail.text).toContain('Use the password you were given');
    expect(mail.text).not.toContain(ADMIN_SET_PASSWORD);

    // Spanish: the same, in Spanish, and the picker still lists every tenant.
    await switchLanguage(page, 'es');
    listed = await pickerOptions(page);
    expect(listed.all).toHaveLength(tenants.length);
    await page.keyboard.press('Escape');
    const modalEs = await openEmailQr(page, '109');
    await expect(modalEs.getByTestId('email-template')).toHaveValue(name);
    await expect(modalEs.getByRole('button', { name: 'Negrita' })).toBeVisible();
    await expect(modalEs.getByTestId('email-preview')).toContainText('Vista previa');
    await expect(modalEs.getByTestId('email-preview-recipient')).toContainText(`${ext.firstname} ${ext.lastname}`);
    await expect(modalEs.frameLocator('[data-testid="email-preview-frame"]').locator('body')).toContainText(
      'Use la contraseña que le dieron',
    );
    await shot(page, 'email-preview-es-1440');
    await modalEs.getByTestId('email-cancel').click();
  } finally {
    await apiCall(page, 'templateCreateUpdate', {
      id,
      name,
      subject: 'Hello {{first_name}}',
      body: BODY,
      is_default: false,
    });
  }
});
