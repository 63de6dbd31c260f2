import path from 'node:path';
import { expect, test } from '../support/test';
import { apiCall, signInAdmin, stamp, toast } from '../support/admin';
import { SHOTS, shot } from '../support/helpers';

const UNSAFE =
  '<p>Hello {{first_name}}</p><script>alert(1)</script><p><a href="https://example.com" onclick="alert(2)">open</a> <a href="javascript:alert(3)">bad</a></p><img src="x" onerror="alert(4)">';

test('email templates: unsafe HTML never survives a save, placeholders insert as tokens, update and delete', async ({
  page,
}) => {
  const s = stamp();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInAdmin(page);

  // A body with a script, an event handler and a javascript: link, saved straight through the API.
  await apiCall(page, 'templateCreateUpdate', { name: `Unsafe ${s}`, subject: 'Hi {{first_name}}', body: UNSAFE });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const list = (await (await page.request.get('/api/v1/getTemplates', { headers: { token: token! } })).json()) as {
    name: string;
    body: string;
  }[];
  const stored = list.find((t) => t.name === `Unsafe ${s}`);
  expect(stored?.body).not.toMatch(/<script|onclick|onerror|javascript:/i);

  await page.getByTestId('nav-email_templates').click();
  await page
    .getByTestId('template-item')
    .filter({ hasText: `Unsafe ${s}` })
    .getByTestId('template-open')
    .click();
  await expect(page.getByTestId('template-name')).toBeDisabled();
  await expect(page.getByTestId('template-save')).toHaveText('UPDATE');
  const editorHtml = await page.getByTestId('template-body-content').innerHTML();
  expect(editorHtml).toContain('Hello {{first_name}}');
  expect(editorHtml).not.toMatch(/<script|onclick|onerror|javascript:/i);
  const frame = page.frameLocator('[data-testid="template-preview-frame"]');
  await expect(frame.locator('body')).toContainText('Hello Jane');
  await expect(page.getByTestId('template-preview-subject')).toHaveText('Hi Jane');
  await shot(page, 'template-unsafe-loaded');
  await page.getByTestId('template-preview').screenshot({ path: path.join(SHOTS, 'template-preview.png') });

  // A new template through the editor.
  await page.getByTestId('template-add-new').click();
  await expect(page.getByTestId('template-save')).toHaveText('SAVE NEW');
  await page.getByTestId('template-save').click();
  await expect(page.getByTestId('template-error')).toHaveText('Template name, subject and body are mandatory');
  await page.getByTestId('template-name').fill(`Welcome ${s}`);
  await page.getByTestId('template-subject').fill('Your app, {{first_name}}');
  const body = page.locator('[data-testid="template-body-content"] .ProseMirror');
  await body.click();
  await page.keyboard.type('Dear ');
  await page.getByTestId('template-insert-first_name').click();
  await page.keyboard.type(' ');
  await page.getByTestId('template-insert-last_name').click();
  await page.keyboard.type(', your password is ');
  await page.getByTestId('template-insert-password').click();
  await page.keyboard.type(' and your link is ');
  await page.getByTestId('template-insert-link').click();
  await page.keyboard.type(' <script>alert(5)</script>');
  await expect(body).toContainText(
    'Dear {{first_name}} {{last_name}}, your password is {{password}} and your link is {{link}}',
  );
  await expect(page.getByTestId('template-preview-text')).toContainText('Dear Jane Doe');
  await shot(page, 'template-new');
  await page.getByTestId('template-save').click();
  await toast(page, 'Successfully saved email template');
  await expect(page.getByTestId('template-save')).toHaveText('SAVE NEW');
  await expect(page.getByTestId('template-name')).toHaveValue('');

  // After a reload the saved template comes back with its tokens, the typed script only as text.
  await page.reload();
  await page
    .getByTestId('template-item')
    .filter({ hasText: `Welcome ${s}` })
    .getByTestId('template-open')
    .click();
  await expect(body).toContainText('{{first_name}} {{last_name}}');
  expect(await body.innerHTML()).not.toContain('<script');
  await expect(frame.locator('body')).toContainText('Dear Jane Doe, your password is');
  await expect(frame.locator('script')).toHaveCount(0);
  await page.getByTestId('template-subject').fill('Welcome aboard, {{first_name}}');
  await page.getByTestId('template-save').click();
  await toast(page, 'Successfully saved email template');
  await shot(page, 'templates');

  for (const name of [`Welcome ${s}`, `Unsafe ${s}`]) {
    await page.getByTestId('template-item').filter({ hasText: name }).getByTestId('template-delete').click();
    await expect(page.getByTestId('confirm-message')).toHaveText(`Delete email template ${name}?`);
    await page.getByTestId('confirm-delete').click();
    await toast(page, 'Successfully Deleted Template');
    await expect(page.getByTestId('template-item').filter({ hasText: name })).toHaveCount(0);
  }
  expect(dialogs).toEqual([]);
});
