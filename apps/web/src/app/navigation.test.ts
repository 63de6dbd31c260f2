import { describe, expect, it } from 'vitest';
import { activeMenuKey, canOpen, crumbsFor, menuItemsFor } from './navigation';

describe('navigation config', () => {
  it('shows every menu item to an admin', () => {
    expect(menuItemsFor('admin').map((item) => item.key)).toEqual([
      'dashboard',
      'resellers',
      'reseller_users',
      'tenants',
      'users',
      'client_profiles',
      'licenses',
      'email_templates',
      'logs',
      'audit',
      'api_keys',
      'webhooks',
      'sign_in_security',
    ]);
  });

  it('shows API keys (issue #18) to a reseller user, not to a simple user', () => {
    expect(menuItemsFor('reseller user').map((item) => item.key)).toContain('api_keys');
    expect(menuItemsFor('simple user').map((item) => item.key)).not.toContain('api_keys');
    expect(canOpen('/api_keys', 'simple user')).toBe(false);
  });

  it('shows Webhooks (issue #18) to a reseller user, not to a simple user', () => {
    expect(menuItemsFor('reseller user').map((item) => item.key)).toContain('webhooks');
    expect(menuItemsFor('simple user').map((item) => item.key)).not.toContain('webhooks');
    expect(canOpen('/webhooks', 'simple user')).toBe(false);
  });

  it.each(['simple user', 'reseller user'] as const)(
    'shows Dashboard, Tenants, Client Profiles, no admin area, to a %s',
    (role) => {
      const keys = menuItemsFor(role).map((item) => item.key);
      expect(keys.slice(0, 3)).toEqual(['dashboard', 'tenants', 'client_profiles']);
      for (const admin of ['resellers', 'reseller_users', 'users', 'licenses', 'email_templates', 'logs', 'audit'])
        expect(keys).not.toContain(admin);
    },
  );

  it('refuses admin-only areas and their sub-paths to a simple user', () => {
    for (const path of [
      '/resellers',
      '/resellers/details',
      '/reseller_users/details',
      '/users',
      '/users/details',
      '/licenses',
      '/email_templates',
      '/logs',
      '/audit',
    ]) {
      expect({ path, ok: canOpen(path, 'simple user') }).toEqual({ path, ok: false });
      expect({ path, ok: canOpen(path, 'admin') }).toEqual({ path, ok: true });
    }
    // Client profiles (read-only) and domains are open to every role, as their calls are (issue #20).
    for (const path of [
      '/dashboard',
      '/tenants',
      '/tenants/details',
      '/tenants/check_email',
      '/userEdit',
      '/client_profiles',
      '/client_profiles/details',
      '/domains',
      '/domains/details',
    ]) {
      expect({ path, ok: canOpen(path, 'simple user') }).toEqual({ path, ok: true });
    }
  });

  it('marks exactly one item active, including on detail sub-paths', () => {
    expect(activeMenuKey('/resellers/details')).toBe('resellers');
    expect(activeMenuKey('/reseller_users')).toBe('reseller_users');
    expect(activeMenuKey('/users/details')).toBe('users');
    expect(activeMenuKey('/userEdit')).toBeUndefined();
    expect(activeMenuKey('/domains/details')).toBe('tenants');
  });

  it('builds breadcrumbs for areas, sub-screens and the profile', () => {
    expect(crumbsFor('/tenants/check_email')).toEqual([
      { labelKey: 'nav.tenants', path: '/tenants' },
      { labelKey: 'crumbs.checkEmail' },
    ]);
    expect(crumbsFor('/userEdit')).toEqual([{ labelKey: 'nav.userEdit' }]);
  });
});
