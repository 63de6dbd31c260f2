import {
  IconBuildingSkyscraper,
  IconBuildingStore,
  IconDeviceMobileCog,
  IconFileText,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconLicense,
  IconMailCog,
  IconPalette,
  IconShieldLock,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
  IconWorldWww,
  type Icon,
} from '@tabler/icons-react';
import { ROLES, type Role } from '@provisio/contract';

/**
 * The one list of the shell's areas: the sidebar draws the menu from it and the route guard decides access
 * from it, so a screen cannot be visible in the menu but refused by the guard (or the reverse).
 */
export interface NavItem {
  /** Stable id, also used in test ids: `nav-<key>`. */
  key: string;
  /** The area's root; every path below it (details, sub-screens) belongs to the area. */
  path: string;
  labelKey: string;
  icon: Icon;
  roles: readonly Role[];
  section: 'main' | 'manage' | 'system';
  /** Areas reached from another screen rather than from the menu. */
  inMenu: boolean;
  /** Menu item to light up for an area that has no menu entry of its own. */
  activeKey?: string;
}

const ALL: readonly Role[] = ROLES;
const ADMIN: readonly Role[] = ['admin'];

export const NAV_ITEMS: readonly NavItem[] = [
  {
    key: 'dashboard',
    path: '/dashboard',
    labelKey: 'nav.dashboard',
    icon: IconLayoutDashboard,
    roles: ALL,
    section: 'main',
    inMenu: true,
  },
  {
    key: 'resellers',
    path: '/resellers',
    labelKey: 'nav.resellers',
    icon: IconBuildingStore,
    roles: ADMIN,
    section: 'manage',
    inMenu: true,
  },
  {
    key: 'reseller_users',
    path: '/reseller_users',
    labelKey: 'nav.resellerUsers',
    icon: IconUsersGroup,
    roles: ADMIN,
    section: 'manage',
    inMenu: true,
  },
  {
    key: 'tenants',
    path: '/tenants',
    labelKey: 'nav.tenants',
    icon: IconBuildingSkyscraper,
    roles: ALL,
    section: 'manage',
    inMenu: true,
  },
  {
    key: 'users',
    path: '/users',
    labelKey: 'nav.users',
    icon: IconUsers,
    roles: ADMIN,
    section: 'manage',
    inMenu: true,
  },
  {
    key: 'client_profiles',
    path: '/client_profiles',
    labelKey: 'nav.clientProfiles',
    icon: IconDeviceMobileCog,
    // Open to every role since #20: the calls are (spec-deviations #19, #34); writes stay as the server allows.
    roles: ALL,
    section: 'manage',
    inMenu: true,
  },
  {
    key: 'licenses',
    path: '/licenses',
    labelKey: 'nav.licenses',
    icon: IconLicense,
    roles: ADMIN,
    section: 'system',
    inMenu: true,
  },
  {
    key: 'email_templates',
    path: '/email_templates',
    labelKey: 'nav.emailTemplates',
    icon: IconMailCog,
    roles: ADMIN,
    section: 'system',
    inMenu: true,
  },
  {
    key: 'logs',
    path: '/logs',
    labelKey: 'nav.logs',
    icon: IconFileText,
    roles: ADMIN,
    section: 'system',
    inMenu: true,
  },
  {
    key: 'audit',
    path: '/audit',
    labelKey: 'nav.audit',
    icon: IconHistory,
    roles: ADMIN,
    section: 'system',
    inMenu: true,
  },
  {
    // Issue #19: a reseller user's own brand; administrators open each reseller's from the Resellers screen.
    key: 'branding',
    path: '/branding',
    labelKey: 'branding.nav',
    icon: IconPalette,
    roles: ['reseller user'],
    section: 'system',
    inMenu: true,
  },
  {
    key: 'api_keys',
    path: '/api_keys',
    labelKey: 'apiKeys.nav',
    icon: IconKey,
    roles: ['admin', 'reseller user'],
    section: 'system',
    inMenu: true,
  },
  {
    key: 'webhooks',
    path: '/webhooks',
    labelKey: 'webhooks.nav',
    icon: IconWebhook,
    roles: ['admin', 'reseller user'],
    section: 'system',
    inMenu: true,
  },
  {
    key: 'domains',
    path: '/domains',
    labelKey: 'nav.domains',
    icon: IconWorldWww,
    // Open to every role since #20: the calls are (spec-deviations #19, #34); writes stay as the server allows.
    roles: ALL,
    section: 'manage',
    inMenu: false,
    activeKey: 'tenants',
  },
  {
    key: 'sign_in_security',
    path: '/sign_in_security',
    labelKey: 'twoFactor.nav',
    icon: IconShieldLock,
    roles: ADMIN,
    section: 'system',
    inMenu: true,
  },
];

/** Screens outside any area, with the title the breadcrumbs show. */
const LOOSE_SCREENS: Record<string, string> = { '/userEdit': 'nav.userEdit' };

/** Titles of the sub-screens inside an area, by last path segment. */
const SUB_SCREENS: Record<string, string> = {
  details: 'crumbs.details',
  check_email: 'crumbs.checkEmail',
  blfManagement: 'crumbs.blfManagement',
};

function belongsTo(pathname: string, root: string): boolean {
  return pathname === root || pathname.startsWith(`${root}/`);
}

export function findArea(pathname: string): NavItem | undefined {
  return NAV_ITEMS.find((item) => belongsTo(pathname, item.path));
}

export function menuItemsFor(role: Role | undefined): NavItem[] {
  if (!role) return [];
  return NAV_ITEMS.filter((item) => item.inMenu && item.roles.includes(role));
}

/** Paths outside every area (dashboard-like screens, profile) are open to any signed-in role. */
export function canOpen(pathname: string, role: Role | undefined): boolean {
  const area = findArea(pathname);
  if (!area) return true;
  return !!role && area.roles.includes(role);
}

/** The key of the single menu item that should look active for this path, if any. */
export function activeMenuKey(pathname: string): string | undefined {
  const area = findArea(pathname);
  return area ? (area.activeKey ?? area.key) : undefined;
}

export interface Crumb {
  labelKey: string;
  path?: string;
}

/** Breadcrumb trail after 'home': the area, then the sub-screen when there is one. */
export function crumbsFor(pathname: string): Crumb[] {
  const loose = LOOSE_SCREENS[pathname];
  if (loose) return [{ labelKey: loose }];
  const area = findArea(pathname);
  if (!area) return [];
  if (pathname === area.path) return [{ labelKey: area.labelKey }];
  const segment = pathname.slice(area.path.length + 1).split('/')[0] ?? '';
  return [{ labelKey: area.labelKey, path: area.path }, { labelKey: SUB_SCREENS[segment] ?? area.labelKey }];
}

export function roleLabelKey(role: Role): string {
  if (role === 'admin') return 'roles.admin';
  if (role === 'reseller user') return 'roles.resellerUser';
  return 'roles.simpleUser';
}
