import { expect, test, type Page } from '../support/test';
import { apiCall, search, signInAdmin, toast } from '../support/admin';
import { readMails, shot, waitForMail } from '../support/helpers';

interface Ext {
  id: number;
  extension: string;
  email: string;
  linked: boolean;
}

const ACME = 'acme.example';
const TEMPLATE = 'Welcome to your softphone';

async function extensions(page: Page, tenant = ACME): Promise<Ext[]> {
  return apiCall<Ext[]>(page, 'getExtensions', { tenant_id: tenant });
}

async function findRows(page: Page, term: string, rows = 1) {
  await search(page, 'extensions', term);
  await expect(page.getByTestId('extensions-row')).toHaveCount(rows);
}

async function pickTemplate(page: Page) {
  await page.getByTestId('email-template').click();
  await page.getByRole('option', { name: TEMPLATE }).click();
  await expect(page.getByTestId('email-subject')).toHaveValue('Your new softphone is ready');
}

test('Email QR: link an unlinked extension, then email its QR link (no clear password in the mail)', async ({
  page,
}) => {
  await signInAdmin(page);
  const target = (await extensions(page)).find((e) => !e.linked && e.email)!;
  await page.goto(`/tenants?tenant=${ACME}`);
  await findRows(page, target.extension);
  await expect(page.getByTestId(`ext-linked-${target.extension}`)).toHaveText('No');

  await page.getByTestId(`ext-send-${target.extension}`).click();
  const modal = page.getByTestId('email-qr-modal');
  await expect(page.getByRole('dialog', { name: 'Email QR' })).toBeVisible();
  await expect(modal.getByTestId('link-email')).toHaveValue(target.email);
  await modal.getByTestId('link-submit').click();
  await expect(modal.getByTestId('email-qr-error')).toHaveText('All fields are mandatory to link!');

  await modal.getByTestId('link-did').fill('+15550001234');
  await modal.getByTestId('link-pin').fill('864213');
  await modal.getByTestId('link-password-generate').click();
  await expect(modal.getByTestId('link-password-warning')).toHaveText('Please remember this password!');
  const password = await modal.getByTestId('link-password').inputValue();
  await shot(page, 'tenants-link-form');
  await modal.getByTestId('link-submit').click();
  await toast(page, 'User Successfully Linked!');

  // Email mode: the template fills subject and body; To, Subject and Body are required.
  await expect(modal.getByTestId('email-to')).toHaveValue(target.email);
  await modal.getByTestId('email-send').click();
  await expect(modal.getByTestId('email-qr-error')).toHaveText(
    'To, Subject and Body are mandatory fields to send an email!',
  );
  await pickTemplate(page);
  await shot(page, 'tenants-email-form');
  const before = (await readMails()).length;
  await modal.getByTestId('email-send').click();
  // Issue #20: the confirmation names who gets it; the report says queued, then what the outbox did.
  await expect(modal.getByTestId('email-confirm-to-send')).toContainText(target.email);
  await modal.getByTestId('email-confirm-send').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('job-email')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('job-report-email')).toHaveText('Queued 1 email for delivery.');
  await expect(page.getByTestId('job-email-delivered')).toHaveText('1 delivered');
  await expect(page.getByTestId(`ext-linked-${target.extension}`)).toHaveText('Yes');

  const mail = await waitForMail(target.email, before);
  expect(mail.subject).toBe('Your new softphone is ready');
  expect(mail.text).toContain(`/getQR?username=${encodeURIComponent(target.email.toLowerCase())}&cloud_id=`);
  expect(mail.text).not.toContain(password);
  expect(mail.text).toContain('Forgot Password');
});

test('Email QR in bulk: refusals, then one message per checked subscriber; an unknown address is named before sending', async ({
  page,
}) => {
  await signInAdmin(page);
  const all = await extensions(page);
  // Linked extensions (with their app accounts): those a QR link is sent to (issue #20).
  const withEmail = all.filter((e) => e.email && e.linked).slice(-2);
  const noEmail = all.find((e) => !e.email)!;
  await page.goto(`/tenants?tenant=${ACME}`);
  await expect(page.getByTestId('extensions-row')).toHaveCount(50);

  await page.getByTestId('ext-bulk-email').click();
  await toast(page, 'No user with email selected! Please select users first, from checkboxes at the left.');

  await findRows(page, noEmail.extension);
  await page.getByTestId(`ext-check-${noEmail.extension}`).check();
  await page.getByTestId('ext-bulk-email').click();
  await toast(page, 'You cannot send QR link to this user as it has no email. Please add it from other portal');
  await page.getByTestId(`ext-check-${noEmail.extension}`).uncheck();

  // Rows checked on different searches add up.
  for (const e of withEmail) {
    await findRows(page, e.extension);
    await page.getByTestId(`ext-check-${e.extension}`).check();
  }
  await expect(page.getByTestId('ext-selected-count')).toHaveText('Selected: 2');
  await page.getByTestId('ext-bulk-email').click();
  const modal = page.getByTestId('email-qr-modal');
  for (const e of withEmail) await expect(modal.getByTestId('email-to-list')).toContainText(e.email);
  await pickTemplate(page);
  const before = (await readMails()).length;
  await modal.getByTestId('email-send').click();
  await modal.getByTestId('email-confirm-send').click();
  await expect(page.getByTestId('job-email')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('job-report-email')).toHaveText('Queued 2 emails for delivery.');
  await expect(page.getByTestId('job-email-delivered')).toHaveText('2 delivered');
  await shot(page, 'tenants-bulk-email-done');
  for (const e of withEmail) {
    const mail = await waitForMail(e.email, before);
    expect(mail.text).toContain(`/getQR?username=${encodeURIComponent(e.email)}`);
  }

  // An address nobody has: the job reports 'Unable to send an email to ...'.
  await findRows(page, withEmail[0]!.extension);
  await page.getByTestId(`ext-send-${withEmail[0]!.extension}`).click();
  await modal.getByTestId('email-to').fill('nobody@nowhere.example');
  await modal.getByTestId('email-subject').fill('Hello');
  // The body is the templates' rich-text editor (issue #19).
  await modal.locator('[data-testid="email-body-content"] .ProseMirror').fill('Your link: {{link}}');
  await modal.getByTestId('email-send').click();
  // Nobody has it: the confirmation says so before anything is queued (issue #20), and Send is off.
  await expect(modal.getByTestId('email-confirm-nobody')).toBeVisible();
  await expect(modal.getByTestId('email-confirm-skipped')).toContainText(
    'No extension in your tenants has the email nobody@nowhere.example.',
  );
  await expect(modal.getByTestId('email-confirm-send')).toBeDisabled();
});

test('Relink: only selected users, all with email, confirmed, with progress and a new link by email', async ({
  page,
}) => {
  await signInAdmin(page);
  const all = await extensions(page);
  const target = all.filter((e) => e.email && e.linked).at(-1)!;
  const noEmail = all.find((e) => !e.email)!;
  await page.goto(`/tenants?tenant=${ACME}`);
  await page.getByTestId('ext-relink').click();
  await toast(page, 'Please select the users first!');

  await findRows(page, noEmail.extension);
  await page.getByTestId(`ext-check-${noEmail.extension}`).check();
  await page.getByTestId('ext-relink').click();
  await toast(page, 'One of the selected users has no email attached. Please choose users who have valid emails!');
  await page.getByTestId(`ext-check-${noEmail.extension}`).uncheck();

  await findRows(page, target.extension);
  await page.getByTestId(`ext-check-${target.extension}`).check();
  await page.getByTestId('ext-relink').click();
  await expect(page.getByTestId('confirm-message')).toHaveText('Relink the selected user?');
  const before = (await readMails()).length;
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('job-relink')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('job-report-relink')).toHaveText('Relinked 1 users; 0 failed.');
  const mail = await waitForMail(target.email, before);
  expect(mail.text).toContain('/getQR?username=');
});
