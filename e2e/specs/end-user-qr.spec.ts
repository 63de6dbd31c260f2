import { expect, test } from '../support/test';
import { PHONE, cloudId, linkAppAccount, setAppPassword } from '../support/end-user';
import { readMails, shot, waitForMail } from '../support/helpers';

test('QR generator: wrong password refused, the QR shown and emailed as an image (queued), reset link sent', async ({
  page,
  browser,
}) => {
  const { email } = await linkAppAccount(page, '104', 'qr');
  const password = 'Qr-Strong-pass1!';
  await setAppPassword(page, email, password);
  const cloud = await cloudId(page);

  const phone = await browser.newPage({ viewport: PHONE });
  await phone.goto(`/getQR?username=${encodeURIComponent(email)}&cloud_id=${cloud}`);
  await expect(phone.getByTestId('qr-username')).toHaveValue(email);
  await expect(phone.getByTestId('qr-username')).toHaveAttribute('readonly', '');
  await phone.getByTestId('qr-submit').click();
  await expect(phone.getByTestId('qr-error')).toHaveText('Invalid Password!');
  await phone.getByTestId('qr-password').fill('not-the-password');
  await phone.getByTestId('qr-submit').click();
  await expect(phone.getByTestId('qr-error')).toHaveText('Invalid Password!');
  await expect(phone.getByTestId('qr-result')).toHaveCount(0);
  await shot(phone, 'end-user-qr-invalid');

  await phone.getByTestId('qr-password').fill(password);
  await phone.getByTestId('qr-submit').click();
  await expect(phone.getByTestId('qr-code')).toBeVisible();
  await expect(phone.getByTestId('qr-password')).toHaveValue('');
  await shot(phone, 'end-user-qr-shown');

  // Email QR Code: the recipient defaults to the account's email; the mail carries the QR as a PNG image.
  await phone.getByTestId('qr-email').click();
  await expect(phone.getByTestId('qr-email-recipient')).toHaveValue(email);
  await shot(phone, 'end-user-qr-email');
  const before = (await readMails()).length;
  await phone.getByTestId('qr-email-send').click();
  await expect(phone.getByTestId('qr-email-sent')).toHaveText(
    `Your email to ${email} is queued for delivery. It can take a few minutes to arrive.`,
  );
  const mail = await waitForMail(email, before);
  expect(mail.subject).toContain('Your softphone QR code');
  expect(mail.text).toMatch(/Content-Type: image\/png/i);
  expect(mail.text).toMatch(/filename="?qr-code\.png/);

  // Forgot Password? Reset sends the app reset link to the account.
  const beforeReset = (await readMails()).length;
  await phone.getByTestId('qr-forgot').click();
  await expect(phone.getByTestId('qr-info')).toHaveText(
    'If this username has an account that can reset its password, an email with a reset link is on its way. If none arrives within a few minutes, check the username or ask your administrator.',
  );
  const reset = await waitForMail(email, beforeReset);
  expect(reset.text).toMatch(/\/resetAppPassword\?ref=/);
});
