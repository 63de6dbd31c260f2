import { expect, test, type Page } from '../support/test';
import { apiCall, search, signInAdmin, stamp, switchLanguage, toast } from '../support/admin';
import { E2E } from '../support/constants';
import { shot, waitForMail, readMails } from '../support/helpers';

/**
 * Issue #14 item 4: the invitation lifecycle in the subscribers table (column and filter), resend, and "invite
 * everyone not yet provisioned" as a job with progress; in English at 1280 px and in Spanish at 1440 px.
 */
const TENANT = 'bluebird.example';
const PASSWORD = 'Inv!tat10n(e2e)';

interface Ext {
  id: number;
  extension: string;
  linked: boolean;
  lifecycle?: string;
}

/** Links two unlinked extensions: one with a deliverable address, one the mail catcher refuses. */
async function linkTwo(page: Page, tag: string) {
  const list = await apiCall<Ext[]>(page, 'getExtensions', { tenant_id: TENANT });
  const free = list.filter((e) => !e.linked && e.lifecycle === 'not_invited');
  const pairs: Record<string, [Ext, Ext]> = {
    en: [free[0]!, free[1]!],
    es: [free[2]!, free[3]!],
    tpl: [free[4]!, free[5]!],
  };
  const [good, bounce] = pairs[tag]!;
  const s = stamp();
  const emails = { good: `inv-${tag}-${s}@bluebird.example`, bounce: `inv-${tag}-${s}@${E2E.bounceDomain}` };
  await apiCall(page, 'linkExtension', {
    email: emails.good,
    did: '+15550188',
    pin: '975310',
    password: PASSWORD,
    extension: good.extension,
    tenant_id: TENANT,
  });
  await apiCall(page, 'linkExtension', {
    email: emails.bounce,
    did: '+15550189',
    pin: '975310',
    password: PASSWORD,
    extension: bounce.extension,
    tenant_id: TENANT,
  });
  // Invitations go to extensions with a licensed app.
  for (const e of [good, bounce])
    await apiCall(page, 'updateAndGetExtension', {
      id: e.id,
      tenant_id: TENANT,
      column_name: 'mobile_app_allowed',
      value: 'true',
    });
  const { cloud_id } = await (await page.request.get('/api/v1/publicConfig')).json();
  return { good: good.extension, bounce: bounce.extension, emails, cloudId: cloud_id as string };
}

async function openTenant(page: Page) {
  await page.goto(`/tenants?tenant=${TENANT}`);
  await expect(page.getByTestId('extensions-row').first()).toBeVisible();
}

async function findRows(page: Page, term: string) {
  await search(page, 'extensions', term);
  await expect(page.getByTestId('extensions-row')).toHaveCount(1);
}

async function filterBy(page: Page, option: string | null) {
  const input = page.getByTestId('ext-lifecycle-filter');
  if (option === null) {
    // Picking the chosen step again clears the filter.
    await input.click();
    await page.getByRole('option', { selected: true }).click();
    await expect(input).toHaveValue('');
    return;
  }
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const badge = (page: Page, extension: string) => page.getByTestId(`ext-lifecycle-${extension}`);
/** Scrolls the table sideways to the Invitation column, and the page back to the top, for a full-page screenshot. */
async function showColumn(page: Page, extension: string) {
  // The table may render the page again (a finished job refreshes it): try until the row holds still.
  await expect(async () => badge(page, extension).scrollIntoViewIfNeeded({ timeout: 2000 })).toPass();
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function resend(page: Page, extension: string, confirm: string) {
  await page.getByTestId(`ext-resend-${extension}`).click();
  await expect(page.getByTestId('invite-send')).toBeVisible();
  await expect(page.getByTestId('invite-template')).not.toHaveValue('');
  await expect(page.getByTestId('invite-send')).toHaveText(confirm);
  await page.getByTestId('invite-send').click();
}

/** What the QR page's sign-in and the app's first /provision do. */
async function openQrAndProvision(page: Page, cloudId: string, email: string) {
  expect(
    (
      await page.request.post('/api/v1/authLogin', { data: { username: email, password: PASSWORD, cloud_id: cloudId } })
    ).status(),
  ).toBe(200);
}
async function provision(page: Page, cloudId: string, email: string) {
  const res = await page.request.get('/api/v1/provision', {
    params: { cloud_id: cloudId, cloud_username: email, cloud_password: PASSWORD },
    headers: { 'user-agent': 'CloudSoftphone/1.5.6' },
  });
  expect(res.status()).toBe(200);
}

test('English, 1280 px: the column follows each step, the filter finds a failed invitation, resend and bulk invite run as jobs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  const x = await linkTwo(page, 'en');
  await openTenant(page);
  await findRows(page, x.good);
  await expect(badge(page, x.good)).toHaveText('Not invited');

  const before = (await readMails()).length;
  await resend(page, x.good, 'Resend');
  await toast(page, 'The invitation is being sent again.');
  await expect(page.getByTestId('job-report-invite')).toHaveText(
    'Invited 1; skipped 0 unlinked and 0 beyond the licences.',
  );
  const mail = await waitForMail(x.emails.good, before);
  expect(mail.text).toContain(`/getQR?username=${encodeURIComponent(x.emails.good)}`);
  await page.reload();
  await findRows(page, x.good);
  await expect(badge(page, x.good)).toHaveText('Invited');

  await openQrAndProvision(page, x.cloudId, x.emails.good);
  await page.reload();
  await findRows(page, x.good);
  await expect(badge(page, x.good)).toHaveText('QR opened');
  await provision(page, x.cloudId, x.emails.good);
  await page.reload();
  await findRows(page, x.good);
  await expect(badge(page, x.good)).toHaveText('Provisioned');
  await expect(badge(page, x.good)).toHaveAttribute('title', 'CloudSoftphone/1.5.6');

  // A SIP password change: the app has to fetch its account again.
  await apiCall(page, 'setSipPassword', { tenant_id: TENANT, extension: x.good });
  await page.reload();
  await findRows(page, x.good);
  await expect(page.getByTestId(`ext-reprovision-${x.good}`)).toHaveText('Re-provisioning pending');

  // The catcher refuses the other address: the outbox marks the delivery failed, and the filter finds it.
  await search(page, 'extensions', '');
  await resend(page, x.bounce, 'Resend');
  await toast(page, 'The invitation is being sent again.');
  await expect
    .poll(
      async () => {
        await page.reload();
        await filterBy(page, 'Invitation failed');
        return page.getByTestId(`ext-lifecycle-${x.bounce}`).count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await expect(badge(page, x.bounce)).toHaveText('Invitation failed');
  await showColumn(page, x.bounce);
  await shot(page, 'invitations-failed-filter-1280');
  await filterBy(page, 'Re-provisioning pending');
  await expect(page.getByTestId('extensions-row')).toHaveCount(1);
  await expect(badge(page, x.good)).toBeVisible();
  await filterBy(page, null);

  // Everyone linked, licensed and not yet provisioned.
  await page.getByTestId('ext-invite-all').click();
  await expect(page.getByTestId('invite-modal')).toContainText(
    'Every linked extension with an email whose app has not fetched its account yet gets the invitation.',
  );
  await shot(page, 'invitations-bulk-modal-1280');
  await page.getByTestId('invite-send').click();
  await toast(page, 'Inviting every extension not yet provisioned; the progress is shown below.');
  const report = page.getByTestId('job-report-invite').first();
  await expect(report).toHaveText(/^Invited \d+; skipped \d+ unlinked and \d+ beyond the licences\.$/);
  const jobs = await apiCall<
    {
      type: string;
      status: string;
      done: number;
      total: number;
      result: { invited: number; unlinked: number; over_licence: number };
    }[]
  >(page, 'listJobs', { tenant_id: TENANT });
  const bulk = jobs.find((j) => j.type === 'app-accounts.invite' && j.total > 1)!;
  expect(bulk).toMatchObject({ status: 'done', done: bulk.total });
  await expect(report).toHaveText(
    `Invited ${bulk.result.invited}; skipped ${bulk.result.unlinked} unlinked and ${bulk.result.over_licence} beyond the licences.`,
  );
  // The provisioned extension got nothing more.
  await filterBy(page, 'Provisioned');
  await expect(badge(page, x.good)).toBeVisible();
  await expect(page.getByTestId(`ext-reprovision-${x.good}`)).toBeVisible();
  await showColumn(page, x.good);
  await shot(page, 'invitations-bulk-done-1280');
});

test('Spanish, 1440 px: column, filter, resend, bulk invite and the dashboard card', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  await switchLanguage(page, 'es');
  const x = await linkTwo(page, 'es');
  await openTenant(page);
  await findRows(page, x.good);
  await expect(page.getByRole('columnheader', { name: 'Invitación' })).toBeVisible();
  await expect(badge(page, x.good)).toHaveText('Sin invitar');

  await resend(page, x.good, 'Reenviar');
  await toast(page, 'La invitación se está enviando de nuevo.');
  await expect(page.getByTestId('job-report-invite')).toHaveText(
    'Invitadas 1; omitidas 0 sin vincular y 0 fuera de las licencias.',
  );
  await openQrAndProvision(page, x.cloudId, x.emails.good);
  await provision(page, x.cloudId, x.emails.good);
  await search(page, 'extensions', '');
  await filterBy(page, 'Aprovisionado');
  await expect(badge(page, x.good)).toHaveText('Aprovisionado');
  await showColumn(page, x.good);
  await shot(page, 'invitations-filter-es-1440');
  await filterBy(page, null);

  await page.getByTestId('ext-invite-all').click();
  await expect(page.getByTestId('invite-modal')).toContainText('Invitar a todos los aún no aprovisionados');
  await page.getByTestId('invite-send').click();
  await toast(page, 'Invitando a todas las extensiones aún no aprovisionadas; el progreso se muestra abajo.');
  await expect(page.getByTestId('job-report-invite').first()).toHaveText(
    /^Invitadas \d+; omitidas \d+ sin vincular y \d+ fuera de las licencias\.$/,
  );
  await shot(page, 'invitations-bulk-es-1440');

  await page.goto('/dashboard');
  const card = page.getByTestId('card-invitations');
  await expect(card).toContainText('Invitaciones');
  await expect(card).toContainText('Reaprovisionamiento pendiente');
  const summary = await apiCall<{ invitations: Record<string, number> }>(page, 'dashboardSummary', {});
  await expect(page.getByTestId('invitations-provisioned')).toHaveAttribute(
    'data-value',
    String(summary.invitations.provisioned),
  );
  expect(summary.invitations.provisioned).toBeGreaterThanOrEqual(1);
  await shot(page, 'invitations-dashboard-es-1440');
});

test('the template editor warns while the body has no {{link}}, and the email still carries the link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  await page.getByTestId('nav-email_templates').click();
  await page.getByTestId('template-add-new').click();
  const body = page.locator('[data-testid="template-body-content"] .ProseMirror');
  await body.click();
  await page.keyboard.type('Hello ');
  await page.getByTestId('template-insert-first_name').click();
  await expect(page.getByTestId('template-link-warning')).toHaveText(
    'This body has no {{link}}: the link to the app is added at the end of every email sent with it.',
  );
  await shot(page, 'invitations-template-warning-1280');
  await page.keyboard.type(', get the app: ');
  await page.getByTestId('template-insert-link').click();
  await expect(page.getByTestId('template-link-warning')).toHaveCount(0);

  // Saved without the token anyway, the invitation sent with it carries the link.
  const s = stamp();
  await apiCall(page, 'templateCreateUpdate', {
    name: `No link ${s}`,
    subject: `No link ${s}`,
    body: '<p>Hello {{first_name}}, welcome.</p>',
  });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const templates = (await (await page.request.get('/api/v1/getTemplates', { headers: { token: token! } })).json()) as {
    id: number;
    name: string;
  }[];
  const tpl = templates.find((t) => t.name === `No link ${s}`)!;
  const x = await linkTwo(page, 'tpl');
  const before = (await readMails()).length;
  await apiCall(page, 'resendInvite', { tenant_id: TENANT, extension: x.good, template_id: tpl.id });
  const mail = await waitForMail(x.emails.good, before);
  expect(mail.subject).toBe(`No link ${s}`);
  expect(mail.text).toContain('welcome.');
  expect(mail.text).toContain(`/getQR?username=${encodeURIComponent(x.emails.good)}`);

  // French: the same warning in the editor.
  await switchLanguage(page, 'fr');
  await page.getByTestId('template-add-new').click();
  await page.locator('[data-testid="template-body-content"] .ProseMirror').click();
  await page.keyboard.type('Bonjour');
  await expect(page.getByTestId('template-link-warning')).toContainText("Ce corps n'a pas de {{link}}");
});
