import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InitialEntry } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render';
import { LoginPage } from './LoginPage';

const config = { '/publicConfig': { body: { cloud_id: 'DEMO', languages: ['en'], version: '0.1.0' } } };

function renderLogin(entry: InitialEntry = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <p>dashboard screen</p> },
      { path: '/tenants', element: <p>tenants screen</p> },
    ],
    entry,
  );
}

describe('LoginPage', () => {
  afterEach(() => window.localStorage.clear());

  it('asks for a username when Reset is pressed with an empty one', async () => {
    const fetchMock = vi.fn(stubFetch(config));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderLogin();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    expect(await screen.findByText('Username is mandatory to reset Password')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('forgetPassword'))).toBe(false);
  });

  it('shows Invalid Credentials inline on a 401 and enables the button again', async () => {
    const invalid = { error: { code: 'invalid_credentials', message: 'Invalid Credentials' } };
    vi.stubGlobal('fetch', vi.fn(stubFetch({ ...config, '/adminLogin': { status: 401, body: invalid } })));
    const user = userEvent.setup();
    renderLogin();

    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByTestId('login-error')).toHaveTextContent('Invalid Credentials');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled());
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('stores the session and opens the dashboard on success', async () => {
    const reply = { name: 'Ada', id: 1, user_type: 'admin', username: 'admin', Token: 'tok', url: null };
    vi.stubGlobal('fetch', vi.fn(stubFetch({ ...config, '/adminLogin': { body: reply } })));
    const user = userEvent.setup();
    renderLogin();

    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('dashboard screen')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('tok');
    expect(window.localStorage.getItem('authenticated')).toBe('true');
    expect(JSON.parse(window.localStorage.getItem('creds') ?? '{}')).toEqual({
      username: 'admin',
      cloud_id: 'DEMO',
      name: 'Ada',
      id: 1,
      user_type: 'admin',
    });
  });

  // A signed-out visitor who opened a signed-in page (RequireAuth put it in the router's state) returns to it, as the
  // same user; someone else signing in on this browser goes to the dashboard.
  it.each([
    ['no earlier user', null, 'tenants screen', '/tenants?tenant=acme.example'],
    ['the same user', 'Admin', 'tenants screen', '/tenants?tenant=acme.example'],
    ['another user', 'bob', 'dashboard screen', '/dashboard'],
  ])('returns to the page asked for, with %s', async (_, previous, shown, url) => {
    if (previous)
      window.localStorage.setItem(
        'creds',
        JSON.stringify({ username: previous, cloud_id: 'DEMO', name: 'P', id: 9, user_type: 'admin' }),
      );
    const reply = { name: 'Ada', id: 1, user_type: 'admin', username: 'admin', Token: 'tok', url: null };
    vi.stubGlobal('fetch', vi.fn(stubFetch({ ...config, '/adminLogin': { body: reply } })));
    const user = userEvent.setup();
    const { router } = renderLogin({ pathname: '/login', state: { from: '/tenants?tenant=acme.example' } });

    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(url);
  });
});
