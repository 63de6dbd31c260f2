import type { ResellerBranding } from '@provisio/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render';
import { BrandingForm } from './BrandingForm';

const branding: ResellerBranding = {
  reseller_id: 7,
  reseller_name: 'Acme',
  brand_name: 'Acme Voice',
  primary_color: '#1c5fd1',
  secondary_color: '#0b6e4f',
  sender_name: '',
  sender_email: '',
  support_email: 'help@acme.example',
  support_phone: '',
  host_name: '',
  logo_url: null,
  allow_reseller_edit: false,
  may_edit: true,
  saved: true,
};

function setup(admin: boolean, shown: Partial<ResellerBranding> = {}) {
  const saved = { ...branding, ...shown };
  const fetch = vi.fn(
    stubFetch({ '/saveResellerBranding': { body: { branding: saved, message: 'The branding was saved.' } } }),
  );
  vi.stubGlobal('fetch', fetch);
  renderRoutes([{ path: '/', element: <BrandingForm branding={saved} admin={admin} /> }], '/');
  const bodies = () =>
    (fetch.mock.calls as unknown as [string, RequestInit | undefined][])
      .filter(([url]) => String(url).endsWith('/saveResellerBranding'))
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { user: userEvent.setup(), bodies };
}

afterEach(() => vi.unstubAllGlobals());

describe('BrandingForm', () => {
  it('shows the contrast of each colour and refuses one too light to read on white', async () => {
    const { user, bodies } = setup(false);
    expect(screen.getByTestId('branding-contrast-primary')).toHaveTextContent(/^\d+(\.\d+)?:1$/);
    const primary = screen.getByTestId('branding-primary');
    fireEvent.input(primary, { target: { value: '#ffff00' } });
    expect(await screen.findByText(/too light/)).toBeInTheDocument();
    expect(screen.getByTestId('branding-contrast-primary')).toHaveTextContent('1.07:1');
    await user.click(screen.getByTestId('branding-save'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodies()).toHaveLength(0);
  });

  it('sends the fields, and the allow switch for an administrator', async () => {
    const { user, bodies } = setup(true);
    await user.clear(screen.getByTestId('branding-name'));
    await user.type(screen.getByTestId('branding-name'), 'Acme Phones');
    await user.click(screen.getByTestId('branding-allow'));
    await user.click(screen.getByTestId('branding-save'));
    await waitFor(() => expect(bodies()).toHaveLength(1));
    expect(bodies()[0]).toEqual({
      reseller_id: 7,
      brand_name: 'Acme Phones',
      primary_color: '#1c5fd1',
      secondary_color: '#0b6e4f',
      sender_name: '',
      sender_email: '',
      support_email: 'help@acme.example',
      support_phone: '',
      host_name: '',
      allow_reseller_edit: true,
    });
    expect(await screen.findByText('The branding was saved.')).toBeInTheDocument();
  });

  it('shows a reseller user no allow switch and does not send it', async () => {
    const { user, bodies } = setup(false);
    expect(screen.queryByTestId('branding-allow')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('branding-save'));
    await waitFor(() => expect(bodies()).toHaveLength(1));
    expect(bodies()[0]).not.toHaveProperty('allow_reseller_edit');
    expect(bodies()[0]).not.toHaveProperty('logo');
  });

  it('sends a chosen logo as its name and base64 bytes, and shows it in the preview', async () => {
    const { user, bodies } = setup(false);
    const file = new File(['PNG!'], 'logo.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('branding-logo'), file);
    await waitFor(() => expect(screen.getByTestId('branding-preview').querySelector('img')).not.toBeNull());
    await user.click(screen.getByTestId('branding-save'));
    await waitFor(() => expect(bodies()).toHaveLength(1));
    expect(bodies()[0]).toHaveProperty('logo', { filename: 'logo.png', data_base64: btoa('PNG!') });
  });

  it('sends null to remove the logo', async () => {
    const { user, bodies } = setup(false, { logo_url: '/api/v1/file/logo.png' });
    await user.click(screen.getByTestId('branding-logo-remove'));
    await user.click(screen.getByTestId('branding-save'));
    await waitFor(() => expect(bodies()).toHaveLength(1));
    expect(bodies()[0]).toHaveProperty('logo', null);
  });

  it('is read-only when the caller may not change it', () => {
    setup(false, { may_edit: false });
    expect(screen.getByTestId('branding-name')).toBeDisabled();
    expect(screen.queryByTestId('branding-save')).not.toBeInTheDocument();
    expect(screen.getByTestId('branding-preview')).toBeInTheDocument();
  });
});
