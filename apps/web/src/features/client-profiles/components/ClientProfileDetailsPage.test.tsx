import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULTS_KEYS, DEFAULT_RINGING_TONE, PROFILE_OPTIONS } from '@provisio/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render';
import { ClientProfileDetailsPage } from './ClientProfileDetailsPage';

const defaults = Object.fromEntries(Object.entries(DEFAULTS_KEYS).map(([k, set]) => [k, PROFILE_OPTIONS[set]]));

function open() {
  const reply = stubFetch({
    '/getDefaults': { body: defaults },
    '/tenantList': { body: [] },
    '/profileCreateUpdate': { body: { id: 9, message: 'Successfully saved data!' } },
  });
  const fetch = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => reply(input));
  vi.stubGlobal('fetch', fetch);
  renderRoutes(
    [
      { path: '/client_profiles/details', element: <ClientProfileDetailsPage /> },
      { path: '/client_profiles', element: <p>list</p> },
    ],
    { pathname: '/client_profiles/details', state: { record: null } },
  );
  return fetch;
}
const saves = (fetch: ReturnType<typeof open>) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith('/profileCreateUpdate'));

// The whole form (every field of spec §3) renders in jsdom, which takes a few seconds.
describe('client profile form', { timeout: 30_000 }, () => {
  it('prefills transport and ringing tone, and refuses expires over 999 with the spec message', async () => {
    const fetch = open();
    expect(await screen.findByText('Add Client Profile')).toBeInTheDocument();
    expect(screen.getByTestId('profile-ringingtone')).toHaveValue(DEFAULT_RINGING_TONE);
    expect(screen.getByTestId('profile-transport')).toHaveValue('UDP');
    await userEvent.click(screen.getByTestId('profile-save'));
    // Validation waits for the contract's schema (loaded on first use: issue #17).
    expect(await screen.findAllByText('Fields with * are mandatory!')).toHaveLength(2);

    await userEvent.type(screen.getByTestId('profile-profile_name'), 'Office');
    await userEvent.type(screen.getByTestId('profile-proxy'), 'sip.example.com');
    await userEvent.type(screen.getByTestId('profile-expires'), '1000');
    await userEvent.type(screen.getByTestId('profile-contactip'), '192.168.100.2000');
    await userEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Expires value can not be greater than 999')).toBeInTheDocument();
    expect(screen.getByText('Please enter an IPv4 or IPv6 address.')).toBeInTheDocument();
    expect(saves(fetch)).toHaveLength(0);
  });

  it('sends the profile without the empty tenant and domain, with the identity fields', async () => {
    const fetch = open();
    await screen.findByText('Add Client Profile');
    await userEvent.type(screen.getByTestId('profile-profile_name'), 'Office');
    await userEvent.type(screen.getByTestId('profile-proxy'), 'sip.example.com');
    await userEvent.type(screen.getByTestId('profile-expires'), '600');
    await userEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(saves(fetch)).toHaveLength(1));
    const body = JSON.parse(String(saves(fetch)[0]![1]?.body));
    expect(body).toEqual({
      profile_name: 'Office',
      proxy: 'sip.example.com',
      transport: 'udp',
      expires: '600',
      ringingtone: DEFAULT_RINGING_TONE,
      company: '',
    });
    expect(await screen.findByText('list')).toBeInTheDocument();
  });
});
