import { expect, test, type Page } from '../support/test';
import { apiCall, search, signInAdmin, stamp, toast } from '../support/admin';
import { shot } from '../support/helpers';

interface Ext {
  id: number;
  extension: string;
  email: string;
  linked: boolean;
  firstname: string;
  lastname: string;
}

const BLUEBIRD = 'bluebird.example';

const extensions = (page: Page, tenant: string) => apiCall<Ext[]>(page, 'getExtensions', { tenant_id: tenant });

async function findRows(page: Page, term: string) {
  await search(page, 'extensions', term);
  await expect(page.getByTestId('extensions-row')).toHaveCount(1);
}

test('extension details: required fields, un-link a linked user to change the email, back with the tenant chosen', async ({
  page,
}) => {
  const s = stamp();
  await signInAdmin(page);
  const target = (await extensions(page, BLUEBIRD)).find((e) => e.linked && e.email)!;
  await page.goto(`/tenants?tenant=${BLUEBIRD}`);
  await findRows(page, target.extension);
  await page.getByTestId(`ext-edit-${target.extension}`).click();
  await expect(page).toHaveURL(/\/tenants\/details$/);
  await expect(
    page.getByRole('heading', { name: `Edit User Information For Extension ${target.extension}` }),
  ).toBeVisible();
  await expect(page.getByTestId('details-email')).toHaveValue(target.email);
  await expect(page.getByTestId('details-email')).toBeDisabled();
  // Which client profile the extension's app gets (issue #5's getEffectiveProfile).
  await expect(page.getByTestId('details-profile')).toContainText('Default softphone profile');

  await page.getByTestId('details-first').fill('');
  await page.getByTestId('details-save').click();
  await expect(page.getByTestId('details-error')).toHaveText('Fields with * are mandatory!');
  await page.getByTestId('details-first').fill(`Una ${s}`);

  await page.getByTestId('details-unlink').click();
  await toast(page, 'The email will be un-linked when you save.');
  await expect(page.getByTestId('details-unlink-note')).toBeVisible();
  await page.getByTestId('details-email').fill(`una.${s}@bluebird.example`);
  await page.getByTestId('details-mobile').fill('+15557654321');
  await shot(page, 'tenants-details-unlink');
  await page.getByTestId('details-save').click();
  await toast(page, 'Successfully Updated User Information!');
  await expect(page).toHaveURL(/\/tenants\?tenant=bluebird\.example$/);
  await expect(page.getByTestId('tenants-tenant')).toHaveValue('Bluebird Dental (bluebird.example)');
  await findRows(page, target.extension);
  await expect(page.getByTestId('extensions-row')).toContainText(`una.${s}@bluebird.example`);
  await expect(page.getByTestId(`ext-linked-${target.extension}`)).toHaveText('No');

  // Cancel returns with the tenant too; an unlinked user's email is not locked.
  await page.getByTestId(`ext-edit-${target.extension}`).click();
  await expect(page.getByTestId('details-email')).toBeEnabled();
  await expect(page.getByTestId('details-unlink')).toHaveCount(0);
  await expect(page.getByTestId('details-mobile')).toHaveValue('+15557654321');
  await page.getByTestId('details-cancel').click();
  await expect(page).toHaveURL(/\/tenants\?tenant=bluebird\.example$/);
});

test('admins add an extension on the builtin platform and delete it with a confirm', async ({ page }) => {
  const s = stamp();
  const ext = `9${String(Date.now()).slice(-3)}`;
  await signInAdmin(page);
  await page.goto(`/tenants?tenant=${BLUEBIRD}`);
  await page.getByTestId('ext-add').click();
  await expect(page.getByRole('heading', { name: 'Add Extension' })).toBeVisible();
  await page.getByTestId('details-save').click();
  await expect(page.getByTestId('details-error')).toHaveText('Fields with * are mandatory!');
  await page.getByTestId('details-extension').fill(ext);
  await page.getByTestId('details-first').fill('Nova');
  await page.getByTestId('details-last').fill(`Added ${s}`);
  await page.getByTestId('details-email').fill(`nova.${s}@bluebird.example`);
  await expect(page.getByTestId('details-domain')).toHaveValue(BLUEBIRD);
  await page.getByTestId('details-save').click();
  await toast(page, 'Successfully saved data!');
  await expect(page).toHaveURL(/\/tenants\?tenant=bluebird\.example$/);
  await findRows(page, ext);
  await expect(page.getByTestId('extensions-row')).toContainText(`Added ${s}`);

  await page.getByTestId('extensions-delete').click();
  await expect(page.getByTestId('confirm-message')).toHaveText(
    `Delete extension ${ext}? Its app account is removed too.`,
  );
  await page.getByTestId('confirm-delete').click();
  await toast(page, 'Record Deleted');
  await expect(page.getByTestId('extensions-empty')).toBeVisible();
});

test('check email: in one tenant or in all, with the Tenant column only for all; No Record Found; Cancel', async ({
  page,
}) => {
  const s = stamp();
  const email = `dup.${s}@e2e.example`;
  await signInAdmin(page);
  const a = (await extensions(page, BLUEBIRD)).find((e) => !e.linked)!;
  const b = (await extensions(page, 'cobalt.example')).find((e) => !e.linked)!;
  for (const [tenant, e] of [
    [BLUEBIRD, a],
    ['cobalt.example', b],
  ] as const) {
    const details = await apiCall<Record<string, string>>(page, 'getUserDetails', {
      tenant_id: tenant,
      extension: e.extension,
    });
    await apiCall(page, 'editUserDetails', {
      tenant_id: tenant,
      extension: e.extension,
      user_details: {
        firstName: details.firstName,
        lastName: details.lastName,
        emailAddress: email,
        mobilePhone: details.mobilePhone,
        homePhone: details.homePhone,
        domain: details.domain,
      },
    });
  }

  await page.goto(`/tenants?tenant=${BLUEBIRD}`);
  await page.getByTestId('tenants-check-email').click();
  await expect(page).toHaveURL(/\/tenants\/check_email\?tenant=bluebird\.example$/);
  await expect(page.getByTestId('check-tenant')).toHaveValue('Bluebird Dental (bluebird.example)');
  await page.getByTestId('check-email').fill(email.toUpperCase());
  await page.getByTestId('check-search').click();
  await expect(page.getByTestId('check-row')).toHaveCount(1);
  await expect(page.getByTestId('check-table').locator('thead th')).toHaveText([
    'Id',
    'Extension',
    'First Name',
    'Last Name',
    'Admin',
    'Email',
    'Linked',
  ]);

  await page.goto('/tenants/check_email');
  await page.getByTestId('check-email').fill(email);
  await page.getByTestId('check-search').click();
  await expect(page.getByTestId('check-row')).toHaveCount(2);
  await expect(page.getByTestId('check-table').locator('thead th').last()).toHaveText('Tenant');
  await expect(page.getByTestId('check-table')).toContainText('Bluebird Dental (bluebird.example)');
  await expect(page.getByTestId('check-table')).toContainText('Cobalt Legal (cobalt.example)');
  await shot(page, 'tenants-check-email');

  await page.getByTestId('check-email').fill(`nobody.${s}@e2e.example`);
  await page.getByTestId('check-search').click();
  await expect(page.getByTestId('check-none')).toHaveText('No Record Found');
  await page.getByTestId('check-cancel').click();
  await expect(page).toHaveURL(/\/tenants$/);
});
