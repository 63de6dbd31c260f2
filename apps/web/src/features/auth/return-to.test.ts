import { describe, expect, it } from 'vitest';
import { afterSignIn, loginState } from './return-to';

const creds = (username: string) => ({ username, cloud_id: 'DEMO', name: 'N', id: 1, user_type: 'admin' as const });

describe('where signing in leads', () => {
  it('returns to the page a signed-out visitor opened, with its query', () => {
    const state = loginState({ pathname: '/tenants', search: '?tenant=acme.example' });
    expect(afterSignIn(state, 'admin', null)).toBe('/tenants?tenant=acme.example');
    expect(afterSignIn(state, 'Admin', creds('admin'))).toBe('/tenants?tenant=acme.example');
  });

  it.each([
    ['no state', null],
    ['no page', {}],
    ['not text', { from: 42 }],
    ['another host', { from: '//evil.example/x' }],
    ['another host, backslash', { from: '/\\evil.example' }],
    ['a full address', { from: 'https://evil.example/' }],
    ['a script', { from: 'javascript:alert(1)' }],
    ['the sign-in page', { from: '/login?x=1' }],
  ])('goes to the dashboard with %s', (_, state) => {
    expect(afterSignIn(state, 'admin', null)).toBe('/dashboard');
  });

  it('goes to the dashboard when another user signs in on this browser', () => {
    const state = loginState({ pathname: '/tenants', search: '?tenant=acme.example' });
    expect(afterSignIn(state, 'bob', creds('admin'))).toBe('/dashboard');
  });
});
