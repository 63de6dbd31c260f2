import type { ExtensionRow } from '@provisio/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render';
import { EmailQrModal } from './EmailQrModal';

const unlinked: ExtensionRow = {
  id: 7,
  tenant_id: 'acme.example',
  extension: '107',
  domain: 'acme.example',
  site_name: 'Main',
  firstname: 'Ana',
  lastname: 'Silva',
  admin: false,
  email: 'ana@acme.example',
  linked: false,
  mobile_app_allowed: false,
  desktop_app_allowed: false,
};

const skipped = {
  tenant_id: 'acme.example',
  extension: '108',
  email: 'bo@acme.example',
  reason: 'not_linked',
  message: 'Extension 108 is not linked: it has no app account for the QR page.',
};

function renderModal(row: ExtensionRow = unlinked, rows: ExtensionRow[] = [row], isDefault = false) {
  const fetch = vi.fn(
    stubFetch({
      '/linkExtension': { body: { ok: true, message: 'User Successfully Linked!' } },
      '/getTemplates': {
        body: [
          { id: 1, name: 'Plain', subject: 'Hello', body: '<p>x</p>', is_default: false },
          {
            id: 2,
            name: 'Welcome',
            subject: 'Hi {{first_name}}',
            body: '<p>Hi {{first_name}}: {{link}}</p>',
            is_default: isDefault,
          },
        ],
      },
      '/templatePreview': {
        body: {
          recipient: { tenant_id: 'acme.example', extension: '107', firstname: 'Ana', lastname: 'Silva' },
          subject: 'Hi Ana',
          html: '<p>Hi Ana: <a href="https://portal.example/getQR">https://portal.example/getQR</a></p>',
          text: 'Hi Ana: https://portal.example/getQR',
        },
      },
      '/emailLinkPreview': {
        body: {
          to_send: [
            {
              tenant_id: 'acme.example',
              extension: '107',
              email: 'ana@acme.example',
              firstname: 'Ana',
              lastname: 'Silva',
            },
          ],
          skipped: [skipped],
        },
      },
      '/emailLink': {
        body: {
          ok: true,
          message: 'The emails are queued for delivery.',
          job_id: 9,
          joined: false,
          queued: 1,
          skipped: [skipped],
        },
      },
    }),
  );
  vi.stubGlobal('fetch', fetch);
  const domains = [{ domain: 'acme.example', site_name: 'Main' }];
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <EmailQrModal
            tenantId="acme.example"
            target={{ rows, bulk: rows.length > 1 }}
            domains={domains}
            onClose={vi.fn()}
            onJob={vi.fn()}
          />
        ),
      },
    ],
    '/',
  );
  return fetch;
}

// The body's autosizing textarea listens for font loads, which jsdom does not have.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {} },
  });

afterEach(() => vi.unstubAllGlobals());

describe('Email QR modal', () => {
  it('refuses to link until every field is filled, then links and turns to email mode', async () => {
    const fetch = renderModal();
    const user = userEvent.setup();
    expect(await screen.findByText('Email QR')).toBeInTheDocument();
    await user.click(screen.getByTestId('link-submit'));
    expect(await screen.findByTestId('email-qr-error')).toHaveTextContent('All fields are mandatory to link!');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/linkExtension'))).toBe(false);

    await user.type(screen.getByTestId('link-did'), '+15550001');
    // The PIN rule is shown with the field, and a 4-digit PIN is refused before any call.
    expect(screen.getByText('At least 6 digits')).toBeInTheDocument();
    await user.type(screen.getByTestId('link-pin'), '4321');
    await user.click(screen.getByTestId('link-password-generate'));
    await user.click(screen.getByTestId('link-submit'));
    expect(screen.getByTestId('email-qr-error')).toHaveTextContent('The PIN must have at least 6 digits, digits only.');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/linkExtension'))).toBe(false);
    await user.clear(screen.getByTestId('link-pin'));
    await user.type(screen.getByTestId('link-pin'), '135790');
    expect(screen.queryByTestId('email-qr-error')).toBeNull();
    await user.click(screen.getByTestId('link-submit'));

    expect(await screen.findByTestId('email-form')).toBeInTheDocument();
    expect(screen.getByTestId('email-to')).toHaveValue('ana@acme.example');
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    const sent = JSON.parse(calls.find(([url]) => url.endsWith('/linkExtension'))![1].body as string) as Record<
      string,
      string
    >;
    expect(sent).toMatchObject({
      extension: '107',
      email: 'ana@acme.example',
      did: '+15550001',
      pin: '135790',
      domain: 'acme.example',
      tenant_id: 'acme.example',
    });
    expect(sent.password).toMatch(/^.{12}$/);
    // Typing into six fields on a machine shared by several test runs: 20 s was at the edge.
  }, 40_000);

  it('needs To, Subject and Body before sending', async () => {
    renderModal({ ...unlinked, linked: true });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('email-send'));
    expect(await screen.findByTestId('email-qr-error')).toHaveTextContent(
      'To, Subject and Body are mandatory fields to send an email!',
    );
  });

  it('bulk: the default template is chosen, the preview shows the first recipient; Send shows who gets the link and who is skipped before anything is queued; Back keeps the form', async () => {
    const bo: ExtensionRow = { ...unlinked, id: 8, extension: '108', email: 'bo@acme.example' };
    const fetch = renderModal({ ...unlinked, linked: true }, [{ ...unlinked, linked: true }, bo], true);
    const user = userEvent.setup();
    expect(await screen.findByTestId('email-to-list')).toHaveTextContent('bo@acme.example');
    expect(screen.getByText('2 recipients')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('email-subject')).toHaveValue('Hi {{first_name}}'));
    expect(screen.getByTestId('email-template')).toHaveValue('Welcome');
    // The templates' rich-text editor, loaded on demand (its chunk is transformed on first import: seconds when the
    // machine is busy), holds the template's body.
    expect(await screen.findByTestId('email-body-content', {}, { timeout: 10_000 })).toHaveTextContent(
      'Hi {{first_name}}: {{link}}',
    );
    expect(await screen.findByTestId('email-preview-subject')).toHaveTextContent('Hi Ana');
    expect(screen.getByTestId('email-preview-recipient')).toHaveTextContent('Ana Silva');
    const calls0 = fetch.mock.calls as unknown as [string, RequestInit][];
    const asked = calls0.filter(([url]) => url.endsWith('/templatePreview'));
    expect(JSON.parse(asked.at(-1)![1].body as string)).toMatchObject({
      recepient: 'ana@acme.example',
      subject: 'Hi {{first_name}}',
      tenant_id: 'acme.example',
    });
    await user.clear(screen.getByTestId('email-subject'));
    await user.type(screen.getByTestId('email-subject'), 'Hi');
    await user.click(screen.getByTestId('email-send'));
    expect(await screen.findByTestId('email-confirm')).toBeInTheDocument();
    expect(screen.getByText('The QR link goes to 1 extension:')).toBeInTheDocument();
    expect(screen.getByTestId('email-confirm-to-send')).toHaveTextContent('107 · ana@acme.example');
    expect(screen.getByTestId('email-confirm-skipped')).toHaveTextContent('1 recipient is skipped:');
    expect(screen.getByTestId('email-confirm-skipped')).toHaveTextContent(skipped.message);
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/emailLink'))).toBe(false);
    await user.click(screen.getByTestId('email-confirm-back'));
    expect(screen.getByTestId('email-subject')).toHaveValue('Hi');
    await user.click(screen.getByTestId('email-send'));
    await user.click(await screen.findByTestId('email-confirm-send'));
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    const sent = calls.filter(([url]) => url.endsWith('/emailLink'));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]![1].body as string)).toMatchObject({
      recepient: ['ana@acme.example', 'bo@acme.example'],
      subject: 'Hi',
      tenant_id: 'acme.example',
    });
  }, 40_000);
});
