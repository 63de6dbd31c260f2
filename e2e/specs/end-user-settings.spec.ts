import { type Page, expect, test } from '../support/test';
import { PHONE, linkAppAccount, setAppPassword } from '../support/end-user';
import { shot } from '../support/helpers';

const save = async (page: Page) => {
  await page.getByTestId('settings-save').click();
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: 'Successfully saved data!' }).last(),
  ).toBeVisible();
};

/** Opens a tab afresh (a full reload), so what the form shows comes from the server. */
const reload = async (page: Page, tab: string) => {
  await page.goto(`/settings_tab/${tab}`);
  await expect(page.getByTestId(`settings-form-${tab}`)).toBeVisible();
};

test('app settings: sign in on the page, then every tab saved and reloaded', async ({ page, browser }) => {
  const { email } = await linkAppAccount(page, '105', 'settings');
  const password = 'Settings-pass1!';
  await setAppPassword(page, email, password);

  const phone = await browser.newPage({ viewport: PHONE });
  await phone.goto('/settings_tab/nonsense');
  await expect(phone).toHaveURL(/\/error$/);
  await expect(phone.getByTestId('error-page-404')).toBeVisible();

  await phone.goto('/settings_tab/appSettings');
  await phone.getByTestId('settings-username').fill(email);
  await phone.getByTestId('settings-password').fill('wrong-password');
  await phone.getByTestId('settings-signin-submit').click();
  await expect(phone.getByTestId('settings-signin-error')).toHaveText('Invalid Credentials');
  await phone.getByTestId('settings-password').fill(password);
  await phone.getByTestId('settings-signin-submit').click();

  // App
  await expect(phone.getByTestId('settings-form-appSettings')).toBeVisible();
  await phone.getByTestId('setting-theme').getByText('Dark').click();
  await phone.getByTestId('setting-ringtone').fill('Marimba');
  await phone.getByTestId('setting-vibrate').uncheck();
  await shot(phone, 'end-user-settings-app');
  await save(phone);
  await reload(phone, 'appSettings');
  await expect(phone.getByTestId('setting-ringtone')).toHaveValue('Marimba');
  await expect(phone.getByTestId('setting-vibrate')).not.toBeChecked();
  await expect(phone.getByTestId('setting-theme').locator('input[value="dark"]')).toBeChecked();

  // Account: a bad caller ID is refused with the server's message, a good one is kept.
  await phone.getByTestId('settings-tab-accountSettings').click();
  await phone.getByTestId('setting-display_name').fill('Front Desk');
  await phone.getByTestId('setting-caller_id').fill('12ab');
  await phone.getByTestId('settings-save').click();
  await expect(phone.getByTestId('settings-error')).toContainText('Please enter a valid phone number');
  await phone.getByTestId('setting-caller_id').fill('+15550100');
  await save(phone);
  await reload(phone, 'accountSettings');
  await expect(phone.getByTestId('setting-display_name')).toHaveValue('Front Desk');
  await expect(phone.getByTestId('setting-caller_id')).toHaveValue('+15550100');

  // Call control: forwarding on needs its number.
  await phone.getByTestId('settings-tab-callControlSettings').click();
  await phone.getByTestId('setting-dnd').check();
  await phone.getByTestId('setting-forward_busy-enabled').check();
  await phone.getByTestId('settings-save').click();
  await expect(phone.getByTestId('settings-error')).toContainText('Please enter the number to forward calls to.');
  await phone.getByTestId('setting-forward_busy-number').fill('+15550199');
  await shot(phone, 'end-user-settings-call-control');
  await save(phone);
  await reload(phone, 'callControlSettings');
  await expect(phone.getByTestId('setting-dnd')).toBeChecked();
  await expect(phone.getByTestId('setting-forward_busy-number')).toHaveValue('+15550199');

  // Call groups: membership chosen from the groups the server offers.
  await phone.getByTestId('settings-tab-callGroupsSettings').click();
  const group = phone.getByTestId('settings-form-callGroupsSettings').getByRole('checkbox').first();
  const groupName = (await group.getAttribute('value'))!;
  await group.check();
  await save(phone);
  await reload(phone, 'callGroupsSettings');
  await expect(
    phone.getByTestId('settings-form-callGroupsSettings').getByRole('checkbox', { name: groupName }),
  ).toBeChecked();

  // Blocked numbers
  await phone.getByTestId('settings-tab-blockedNumbersSettings').click();
  await phone.getByTestId('setting-numbers').fill('+15550111');
  await phone.getByTestId('setting-numbers').press('Enter');
  await phone.getByTestId('setting-numbers').fill('+15550222');
  await phone.getByTestId('setting-numbers').press('Enter');
  await phone.getByTestId('setting-block_anonymous').check();
  await save(phone);
  await reload(phone, 'blockedNumbersSettings');
  await expect(phone.getByTestId('settings-form-blockedNumbersSettings')).toContainText('+15550111');
  await expect(phone.getByTestId('settings-form-blockedNumbersSettings')).toContainText('+15550222');
  await expect(phone.getByTestId('setting-block_anonymous')).toBeChecked();

  // Schedules: an end before the start is refused.
  await phone.getByTestId('settings-tab-schedulesSettings').click();
  await phone.getByTestId('setting-schedule-add').click();
  await phone.getByTestId('setting-schedule-name').fill('Lunch');
  await phone.getByTestId('setting-schedule-start').fill('13:00');
  await phone.getByTestId('setting-schedule-end').fill('12:00');
  await phone.getByTestId('settings-save').click();
  await expect(phone.getByTestId('settings-error')).toContainText('start time before its end time');
  await phone.getByTestId('setting-schedule-end').fill('14:00');
  await shot(phone, 'end-user-settings-schedules');
  await save(phone);
  await reload(phone, 'schedulesSettings');
  await expect(phone.getByTestId('setting-schedule-name')).toHaveValue('Lunch');
  await expect(phone.getByTestId('setting-schedule-end')).toHaveValue('14:00');

  // Voicemail: the PIN must be 4 to 10 digits.
  await phone.getByTestId('settings-tab-voicemailSettings').click();
  await phone.getByTestId('setting-pin').fill('12');
  await phone.getByTestId('settings-save').click();
  await expect(phone.getByTestId('settings-error')).toContainText('The voicemail PIN must be 4 to 10 digits.');
  await phone.getByTestId('setting-pin').fill('246810');
  await phone.getByTestId('setting-email_notification').check();
  await save(phone);
  await reload(phone, 'voicemailSettings');
  await expect(phone.getByTestId('setting-pin')).toHaveValue('246810');
  await expect(phone.getByTestId('setting-email_notification')).toBeChecked();
  await expect(phone.getByTestId('setting-email')).toHaveValue(email);
  // The builtin platform stores every tab: no tab is shown as unavailable (Kamailio shows voicemail so, #15).
  await expect(phone.getByTestId('settings-unavailable')).toHaveCount(0);
  await expect(phone.getByTestId('setting-pin')).toBeEnabled();

  // BLF keys: read-only here, set by the administrator.
  await phone.getByTestId('settings-tab-blfSettings').click();
  await expect(phone.getByTestId('settings-read-only')).toHaveText('These settings are managed by your administrator.');
  await expect(phone.getByTestId('settings-save')).toHaveCount(0);
  await shot(phone, 'end-user-settings-blf');
});
