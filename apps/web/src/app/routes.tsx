import { Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader';
import { ERROR_CODES, ErrorPage } from '../features/errors/components/ErrorPage';
import { RouteErrorBoundary } from '../features/errors/components/RouteErrorBoundary';
import { RequireAuth } from './guards/RequireAuth';
import { RequireRecord } from './guards/RequireRecord';
import { RequireRole } from './guards/RequireRole';
import { screen } from './lazy-screen';

/** Pages anyone may open, signed in or not. Adding one is one line here. */
export const publicRoutes: RouteObject[] = [
  // The sign-in page with its second step (issue #18), composed in app/two-factor-screens.tsx.
  { path: '/login', ...screen(() => import('./login-screen'), 'LoginScreen') },
  {
    path: '/resetPassword',
    ...screen(() => import('../features/auth/components/ResetPasswordPage'), 'ResetPasswordPage'),
  },
  {
    path: '/resetResellerPassword',
    ...screen(() => import('../features/auth/components/ResellerResetPasswordPage'), 'ResellerResetPasswordPage'),
  },
  { path: '/appSignin', ...screen(() => import('../features/app-auth/components/AppSignInPage'), 'AppSignInPage') },
  {
    path: '/resetAppPassword',
    ...screen(() => import('../features/auth/components/AppResetPasswordPage'), 'AppResetPasswordPage'),
  },
  { path: '/getQR', ...screen(() => import('../features/qr/components/QrPage'), 'QrPage') },
  { path: '/cdrs', ...screen(() => import('../features/cdrs/components/CdrsPage'), 'CdrsPage') },
  {
    path: '/cdrs-table',
    ...screen(() => import('../features/cdrs/components/CdrDetailPage'), 'CdrDetailPage'),
  },
  {
    path: '/testSDP',
    ...screen(() => import('../features/monitor/components/LiveCallsPage'), 'LiveCallsPage'),
  },
  {
    path: '/settings_tab/:tab',
    ...screen(() => import('../features/app-settings/components/SettingsPage'), 'SettingsPage'),
  },
  { path: '/settings_tab/*', element: <Navigate to="/error" replace /> },
  // Spec §2: unknown settings sub-paths go to /error.
  { path: '/error', element: <ErrorPage code={404} /> },
  ...ERROR_CODES.map((code) => ({ path: `/${code}`, element: <ErrorPage code={code} /> })),
];

/** Detail screens need a record passed in navigation state; without it they go to /dashboard. */
const detail = (route: Pick<RouteObject, 'element' | 'handle'>) => ({
  ...route,
  element: <RequireRecord>{route.element}</RequireRecord>,
});

/** Screens inside the shell; the role guard reads the navigation config for who may open which. */
export const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  { path: 'dashboard', ...screen(() => import('../features/dashboard/components/DashboardPage'), 'DashboardPage') },
  { path: 'userEdit', ...screen(() => import('./two-factor-screens'), 'UserEditScreen') },
  {
    path: 'resellers',
    ...screen(() => import('../features/resellers/components/ResellersPage'), 'ResellersPage'),
  },
  {
    path: 'resellers/details',
    ...detail(screen(() => import('./reseller-screens'), 'ResellerDetailsScreen')),
  },
  {
    path: 'reseller_users',
    ...screen(() => import('./view-as-screens'), 'ResellerUsersScreen'),
  },
  {
    path: 'reseller_users/details',
    ...detail(screen(() => import('./two-factor-screens'), 'ResellerUserDetailsScreen')),
  },
  { path: 'tenants', ...screen(() => import('../features/tenants/components/TenantsPage'), 'TenantsPage') },
  {
    path: 'tenants/details',
    ...detail(screen(() => import('../features/tenants/components/ExtensionDetailsPage'), 'ExtensionDetailsPage')),
  },
  {
    path: 'tenants/check_email',
    ...screen(() => import('../features/tenants/components/CheckEmailPage'), 'CheckEmailPage'),
  },
  // Users and Reseller Users with their 'View as' column (issue #18), composed in app/view-as-screens.tsx.
  { path: 'users', ...screen(() => import('./view-as-screens'), 'UsersScreen') },
  {
    path: 'users/details',
    ...detail(screen(() => import('./two-factor-screens'), 'UserDetailsScreen')),
  },
  {
    path: 'client_profiles',
    ...screen(() => import('../features/client-profiles/components/ClientProfilesPage'), 'ClientProfilesPage'),
  },
  {
    path: 'client_profiles/details',
    ...detail(
      screen(
        () => import('../features/client-profiles/components/ClientProfileDetailsPage'),
        'ClientProfileDetailsPage',
      ),
    ),
  },
  {
    path: 'client_profiles/blfManagement',
    ...detail(screen(() => import('../features/client-profiles/components/BlfManagementPage'), 'BlfManagementPage')),
  },
  { path: 'domains', ...screen(() => import('../features/domains/components/DomainsPage'), 'DomainsPage') },
  {
    path: 'domains/details',
    ...detail(screen(() => import('../features/domains/components/DomainDetailsPage'), 'DomainDetailsPage')),
  },
  {
    path: 'licenses',
    ...screen(() => import('../features/licences/components/LicencesPage'), 'LicencesPage'),
  },
  {
    path: 'email_templates',
    ...screen(() => import('../features/templates/components/TemplatesPage'), 'TemplatesPage'),
  },
  { path: 'logs', ...screen(() => import('../features/logs/components/LogsPage'), 'LogsPage') },
  { path: 'api_keys', ...screen(() => import('../features/api-keys/components/ApiKeysPage'), 'ApiKeysPage') },
  { path: 'webhooks', ...screen(() => import('../features/webhooks/components/WebhooksPage'), 'WebhooksPage') },
  { path: 'branding', ...screen(() => import('../features/branding/components/BrandingPage'), 'BrandingPage') },
  { path: 'audit', ...screen(() => import('../features/audit/components/AuditPage'), 'AuditPage') },
  {
    path: 'sign_in_security',
    ...screen(() => import('../features/two-factor/components/TwoFactorSettingsPage'), 'TwoFactorSettingsPage'),
  },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorBoundary />,
    children: [
      ...publicRoutes,
      {
        // Everything that is not public needs a token: unknown paths too, which then show the 404 page.
        element: <RequireAuth />,
        children: [
          {
            path: '/',
            // While the shell's chunk loads, the same cover as while the session is checked (RequireAuth).
            ...screen(() => import('./layout/AppLayout'), 'AppLayout', <FullPageLoader />),
            children: [{ element: <RequireRole />, children: shellRoutes }],
          },
          { path: '*', element: <ErrorPage code={404} /> },
        ],
      },
    ],
  },
];
