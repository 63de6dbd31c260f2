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
    ]);
  });

  it.each(['simple user', 'reseller user'] as const)('shows only Dashboard and Tenants to a %s', (role) => {
    expect(menuItemsFor(role).map((item) => item.key)).toEqual(['dashboard', 'tenants']);
  });

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
      '/client_profiles',
      '/client_profiles/blfManagement',
      '/domains',
      '/domains/details',
    ]) {
      expect({ path, ok: canOpen(path, 'simple user') }).toEqual({ path, ok: false });
      expect({ path, ok: canOpen(path, 'admin') }).toEqual({ path, ok: true });
    }
    for (const path of ['/dashboard', '/tenants', '/tenants/details', '/tenants/check_email', '/userEdit']) {
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
