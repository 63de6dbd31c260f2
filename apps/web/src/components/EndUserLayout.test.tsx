import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../test/render';
import { EndUserLayout } from './EndUserLayout';

const acme = {
  name: 'Acme Voice',
  logo_url: '/api/v1/file/acme-logo.png',
  primary_color: '#1c5fd1',
  secondary_color: '#0b6e4f',
  support_email: 'help@acme.example',
  support_phone: '+1 555 0100',
};

function setup(branding: unknown, url = '/getQR?brand=5') {
  const fetch = vi.fn(stubFetch({ '/publicBranding': { body: { branding } } }));
  vi.stubGlobal('fetch', fetch);
  renderRoutes(
    [
      {
        path: '/getQR',
        element: (
          <EndUserLayout testId="page">
            <p>content</p>
          </EndUserLayout>
        ),
      },
    ],
    url,
  );
  const bodies = () =>
    (fetch.mock.calls as unknown as [string, RequestInit | undefined][])
      .filter(([u]) => String(u).endsWith('/publicBranding'))
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { bodies };
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('EndUserLayout branding (issue #19)', () => {
  it("shows the reseller's name, logo and support, and asks with the link's brand", async () => {
    const { bodies } = setup(acme);
    expect(await screen.findByTestId('enduser-brand-name')).toHaveTextContent('Acme Voice');
    expect(screen.getByTestId('enduser-brand-logo')).toHaveAttribute('src', acme.logo_url);
    const support = screen.getByTestId('enduser-brand-support');
    expect(support).toHaveTextContent('Support: help@acme.example · +1 555 0100');
    expect(bodies()).toEqual([{ brand: 5 }]);
    await waitFor(() => expect(document.title).toBe('Acme Voice'));
  });

  it('shows Provisio when no brand answers, and still asks (the host name may carry one)', async () => {
    const { bodies } = setup(null, '/getQR');
    await waitFor(() => expect(bodies()).toEqual([{}]));
    expect(screen.getByText('Provisio')).toBeInTheDocument();
    expect(screen.queryByTestId('enduser-brand-name')).not.toBeInTheDocument();
    expect(screen.queryByTestId('enduser-brand-support')).not.toBeInTheDocument();
  });
});
