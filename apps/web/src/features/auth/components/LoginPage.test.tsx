import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render';
import { LoginPage } from './LoginPage';

const config = { '/publicConfig': { body: { cloud_id: 'DEMO', languages: ['en'], version: '0.1.0' } } };

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <p>dashboard screen</p> },
    ],
    '/login',
  );
}

describe('LoginPage', () => {
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
});
