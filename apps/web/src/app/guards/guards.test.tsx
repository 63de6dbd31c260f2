import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { Link } from 'react-router';
import { renderRoutes, stubFetch } from '../../test/render';
import { RequireAuth } from './RequireAuth';
import { RequireRecord } from './RequireRecord';
import { RequireRole } from './RequireRole';

const routes: RouteObject[] = [
  { path: '/login', element: <p>login screen</p> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <RequireRole />,
        children: [
          {
            path: '/dashboard',
            element: (
              <Link to="/resellers/details" state={{ record: { id: 1 } }}>
                open
              </Link>
            ),
          },
          { path: '/resellers', element: <p>resellers screen</p> },
          {
            path: '/resellers/details',
            element: (
              <RequireRecord>
                <p>reseller detail</p>
              </RequireRecord>
            ),
          },
          { path: '/tenants', element: <p>tenants screen</p> },
        ],
      },
    ],
  },
];

function signIn(userType: string) {
  const creds = { username: 'u', cloud_id: 'DEMO', name: 'U', id: 2, user_type: userType };
  window.localStorage.setItem('token', 'tok');
  window.localStorage.setItem('creds', JSON.stringify(creds));
  const me = { id: 2, name: 'U', username: 'u', user_type: userType, url: null, cloud_id: 'DEMO' };
  vi.stubGlobal('fetch', vi.fn(stubFetch({ '/me': { body: me } })));
}

describe('route guards', () => {
  it('sends a visitor without a token to /login', async () => {
    const { router } = renderRoutes(routes, '/tenants');
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('keeps the page asked for in the router state, for signing in to return to it', async () => {
    const { router } = renderRoutes(routes, '/tenants?tenant=acme.example');
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/tenants?tenant=acme.example' });
  });

  it('sends a simple user away from an admin-only area to /dashboard', async () => {
    signIn('simple user');
    const { router } = renderRoutes(routes, '/resellers');
    expect(await screen.findByText('open')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets an admin open the admin-only area', async () => {
    signIn('admin');
    renderRoutes(routes, '/resellers');
    expect(await screen.findByText('resellers screen')).toBeInTheDocument();
  });

  it('sends a detail screen opened without a record to /dashboard, and opens it with one', async () => {
    signIn('admin');
    const { router } = renderRoutes(routes, '/resellers/details');
    const link = await screen.findByText('open');
    expect(router.state.location.pathname).toBe('/dashboard');
    link.click();
    expect(await screen.findByText('reseller detail')).toBeInTheDocument();
  });

  it('clears the session and goes to /login when /me answers 401', async () => {
    window.localStorage.setItem('token', 'stale');
    const expired = { error: { code: 'not_signed_in', message: 'Signed out' } };
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/me': { status: 401, body: expired } })));
    renderRoutes(routes, '/tenants');
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('authenticated')).toBe('false');
  });
});
