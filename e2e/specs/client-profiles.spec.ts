import path from 'node:path';
import Database from 'better-sqlite3';
import { type Page, expect, test } from '../support/test';
import { apiCall, pick, row, search, signInAdmin, stamp, toast } from '../support/admin';
import { E2E } from '../support/constants';
import { SHOTS, shot } from '../support/helpers';

test.describe.configure({ mode: 'serial' });

const s = stamp();
const PROFILE = `E2E phones ${s}`;

/** Adds an option of an ordered list builder by its visible name. */
async function addToList(page: Page, field: string, option: RegExp) {
  await page.getByTestId(`profile-${field}-select`).click();
  await page.getByRole('option', { name: option }).click();
  await page.getByTestId(`profile-${field}-add`).click();
}

const listText = (page: Page, field: string) => page.getByTestId(`profile-${field}-text`);

test('client profiles: create with codec lists built and reordered, edit, see in the list, delete', async ({
  page,
}) => {
  await signInAdmin(page);
  await page.goto('/client_profiles');
  await expect(row(page, 'profiles', 'Default softphone profile')).toContainText('sip.provisio.example');
  await shot(page, 'client-profiles-list');
  await page.getByTestId('profiles-add').click();
  await expect(page.getByRole('heading', { name: 'Add Client Profile' })).toBeVisible();
  await expect(page.getByTestId('profile-ringingtone')).toHaveValue(
    'periodic(sine(2000ms,2000,440Hz,480Hz),silence(4000ms))',
  );
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Fields with * are mandatory!')).toHaveCount(2);

  await page.getByTestId('profile-profile_name').fill(PROFILE);
  await page.getByTestId('profile-proxy').fill('sip.cobalt.example:5061');
  await page.getByTestId('profile-transport').click();
  await page.getByRole('option', { name: 'TLS (sips: URIs)' }).click();
  await pick(page, page.getByTestId('profile-tenant'), 'cobalt', /Cobalt Legal/);
  await page.getByTestId('profile-domain').click();
  await page.getByRole('option', { name: 'cobalt.example' }).click();
  await page.getByTestId('profile-expires').fill('1000');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Expires value can not be greater than 999')).toBeVisible();
  await page.getByTestId('profile-expires').fill('600');

  await addToList(page, 'codecorder', /PCMA/);
  await addToList(page, 'codecorder', /Opus/);
  await addToList(page, 'codecorder', /G\.722/);
  await expect(listText(page, 'codecorder')).toHaveText('G.711 A-law (PCMA), Opus, G.722');
  await page.getByRole('button', { name: 'Move Opus up' }).first().click();
  await expect(listText(page, 'codecorder')).toHaveText('Opus, G.711 A-law (PCMA), G.722');
  await addToList(page, 'dtmforder', /RFC 2833/);
  await addToList(page, 'dtmforder', /SIP INFO/);
  await addToList(page, 'videocodecorder', /H\.264/);
  await page.getByTestId('profile-allowvideo').getByText('Yes').click();
  await shot(page, 'client-profile-form');
  // The form is long: the sections worth a closer look, one by one.
  for (const section of ['account', 'audio'])
    await page
      .getByTestId(`profile-section-${section}`)
      .screenshot({ path: path.join(SHOTS, `client-profile-${section}.png`) });
  await page.getByTestId('profile-save').click();
  await toast(page, 'Successfully saved data!');
  await expect(page).toHaveURL(/\/client_profiles$/);

  await search(page, 'profiles', PROFILE);
  await expect(row(page, 'profiles', PROFILE)).toContainText('Cobalt Legal');
  await expect(row(page, 'profiles', PROFILE)).toContainText('600');
  const [saved] = await apiCall<{ id: number }[]>(page, 'profileSummary', { search: PROFILE });
  const detail = await apiCall<Record<string, string>>(page, 'profileDetail', { id: saved!.id });
  expect(detail).toMatchObject({
    codecorder: '103,8,9',
    dtmforder: 'rfc2833,info',
    videocodecorder: '99',
    allowvideo: '1',
    transport: 'tls',
    domain: 'cobalt.example',
  });

  await row(page, 'profiles', PROFILE).getByTestId('profiles-edit').click();
  await expect(page.getByRole('heading', { name: 'Edit Client Profile' })).toBeVisible();
  await expect(listText(page, 'codecorder')).toHaveText('Opus, G.711 A-law (PCMA), G.722');
  await page.getByRole('button', { name: 'Remove G.722' }).first().click();
  await page.getByRole('button', { name: 'Move G.711 A-law (PCMA) up' }).first().click();
  await expect(listText(page, 'codecorder')).toHaveText('G.711 A-law (PCMA), Opus');
  await page.getByTestId('profile-expires').fill('300');
  await shot(page, 'client-profile-edit');
  await page.getByTestId('profile-save').click();
  await toast(page, 'Successfully saved data!');
  await search(page, 'profiles', PROFILE);
  await expect(row(page, 'profiles', PROFILE)).toContainText('300');
  expect(await apiCall<Record<string, string>>(page, 'profileDetail', { id: saved!.id })).toMatchObject({
    codecorder: '8,103',
    expires: '300',
  });

  await row(page, 'profiles', PROFILE).getByTestId('profiles-delete').click();
  await expect(page.getByTestId('confirm-message')).toHaveText(`Delete client profile ${PROFILE}?`);
  await page.getByTestId('confirm-delete').click();
  await toast(page, 'Record Deleted');
  await expect(page.getByTestId('profiles-empty')).toBeVisible();
});

test('BLF management: a subscriber chooses, orders and labels the extensions it watches', async ({ page }) => {
  await signInAdmin(page);
  await apiCall(page, 'profileCreateUpdate', {
    profile_name: `Summit ${s}`,
    proxy: 'sip.summit.example',
    transport: 'tcp',
    tenant_id: 'summit.example',
    domain: 'summit.example',
  });
  await page.goto('/client_profiles');
  await search(page, 'profiles', `Summit ${s}`);
  await row(page, 'profiles', `Summit ${s}`).getByTestId('profiles-edit').click();
  await expect(page.getByTestId('blf-launch-tenant')).toBeDisabled();
  await pick(page, page.getByTestId('blf-launch-extension'), '101', /^101 ·/);
  await page.getByTestId('blf-launch').click();
  await expect(page).toHaveURL(/\/client_profiles\/blfManagement$/);
  await expect(page.getByRole('heading', { name: 'BLF keys of extension 101' })).toBeVisible();
  await expect(page.getByTestId('blf-empty')).toBeVisible();

  for (const ext of ['102', '103', '104']) {
    await pick(page, page.getByTestId('blf-add-extension'), ext, new RegExp(`^${ext} ·`));
    await page.getByTestId('blf-add').click();
  }
  await expect(page.getByTestId('blf-row')).toHaveCount(3);
  await page.getByTestId('blf-row').nth(2).getByTestId('blf-up').click();
  await page.getByTestId('blf-row').nth(0).getByTestId('blf-remove').click();
  await page.getByTestId('blf-row').nth(0).getByTestId('blf-label').fill('Reception');
  await expect(page.getByTestId('blf-row').nth(0)).toContainText('104');
  await page.getByTestId('blf-save').click();
  await toast(page, 'BLF keys saved.');
  await expect(page.getByTestId('blf-not-sent')).toContainText('not sent to the app');
  await shot(page, 'blf-management');

  const [profile] = await apiCall<{ id: number }[]>(page, 'profileSummary', { search: `Summit ${s}` });
  const keys = await apiCall<{ target: string; label: string }[]>(page, 'getBlfKeys', {
    profile_id: profile!.id,
    tenant_id: 'summit.example',
    extension: '101',
  });
  expect(keys.map((k) => [k.target, k.label])).toEqual([
    ['104', 'Reception'],
    ['103', ''],
  ]);
});

test('provisioning: a linked demo extension fetches its account XML with its SIP credentials and profile (BLF keys are not sent)', async ({
  page,
}) => {
  await signInAdmin(page);
  const email = `prov-${s}@summit.example`;
  const password = 'Prov!s10n(e2e)';
  await apiCall(page, 'linkExtension', {
    email,
    did: '+15550199',
    pin: '246813',
    password,
    extension: '101',
    domain: 'summit.example',
    tenant_id: 'summit.example',
  });
  const { cloud_id } = await (await page.request.get('/api/v1/publicConfig')).json();

  const res = await page.request.get('/api/v1/provision', {
    params: { cloud_id, cloud_username: email, cloud_password: password },
    headers: { 'user-agent': 'CloudSoftphone/1.5.6' },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await res.text();
  const value = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
  const db = new Database(path.resolve(import.meta.dirname, `../.artifacts/data-${E2E.port}/provisio.sqlite`), {
    readonly: true,
  });
  const sip = db
    .prepare("select sip_password from builtin_extensions where tenant_id = 'summit.example' and extension = '101'")
    .get() as { sip_password: string };
  db.close();
  expect(value('username')).toBe('101');
  expect(value('password')).toBe(sip.sip_password);
  // <host> is the SIP domain, <proxy> the profile's proxy (Acrobits Account XML, Credentials).
  expect(value('host')).toBe('summit.example');
  expect(value('proxy')).toBe('sip.summit.example');
  expect(value('transport')).toBe('tcp');
  expect(value('cloud_username')).toBe(email);
  expect(value('extProvInterval')).toBe('86400');
  expect(xml).not.toMatch(/blf|<key>/i);

  const wrong = await page.request.post('/api/v1/provision', {
    form: { cloud_id, cloud_username: email, cloud_password: 'wrong' },
  });
  expect(wrong.status()).toBe(403);
  expect(await wrong.text()).toContain('<message>Invalid Credentials</message>');
  const last = await apiCall<{ extension: string; at: number }[]>(page, 'getLastProvisioned', {
    tenant_id: 'summit.example',
  });
  expect(last.map((l) => l.extension)).toEqual(['101']);

  // The subscribers list shows when the app last set itself up.
  await page.goto('/tenants?tenant=summit.example');
  await expect(page.getByTestId('ext-provisioned-101')).toContainText(/App set up/);
  await expect(page.getByTestId('ext-provisioned-102')).toHaveCount(0);
});
