import { Center, Loader } from '@mantine/core';
import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AppSignInPage } from '../features/app-auth/components/AppSignInPage';
import { AppResetPasswordPage } from '../features/auth/components/AppResetPasswordPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { ResellerResetPasswordPage } from '../features/auth/components/ResellerResetPasswordPage';
import { ResetPasswordPage } from '../features/auth/components/ResetPasswordPage';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { ERROR_CODES, ErrorPage } from '../features/errors/components/ErrorPage';
import { RouteErrorBoundary } from '../features/errors/components/RouteErrorBoundary';
import { UserEditPage } from '../features/profile/components/UserEditPage';
import { RequireAuth } from './guards/RequireAuth';
import { RequireRecord } from './guards/RequireRecord';
import { RequireRole } from './guards/RequireRole';
import { AppLayout } from './layout/AppLayout';

/** Pages anyone may open, signed in or not. Adding one is one line here. */
export const publicRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/resetPassword', element: <ResetPasswordPage /> },
  { path: '/resetResellerPassword', element: <ResellerResetPasswordPage /> },
  { path: '/appSignin', element: <AppSignInPage /> },
  { path: '/resetAppPassword', element: <AppResetPasswordPage /> },
  { path: '/getQR', element: lazyScreen(() => import('../features/qr/components/QrPage'), 'QrPage') },
  { path: '/cdrs', element: lazyScreen(() => import('../features/cdrs/components/CdrsPage'), 'CdrsPage') },
  {
    path: '/cdrs-table',
    element: lazyScreen(() => import('../features/cdrs/components/CdrDetailPage'), 'CdrDetailPage'),
  },
  {
    path: '/testSDP',
    element: lazyScreen(() => import('../features/monitor/components/LiveCallsPage'), 'LiveCallsPage'),
  },
  {
    path: '/settings_tab/:tab',
    element: lazyScreen(() => import('../features/app-settings/components/SettingsPage'), 'SettingsPage'),
  },
  { path: '/settings_tab/*', element: <Navigate to="/error" replace /> },
  // Spec §2: unknown settings sub-paths go to /error.
  { path: '/error', element: <ErrorPage code={404} /> },
  ...ERROR_CODES.map((code) => ({ path: `/${code}`, element: <ErrorPage code={code} /> })),
];

/** An admin screen in its own chunk, so the sign-in page never downloads it. */
function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Screen = lazy(async () => {
    const component: ComponentType = (await load())[name];
    return { default: component };
  });
  return (
    <Suspense
      fallback={
        <Center py="xl" data-testid="screen-loader">
          <Loader />
        </Center>
      }
    >
      <Screen />
    </Suspense>
  );
}

/** Detail screens need a record passed in navigation state; without it they go to /dashboard. */
const detail = (screen: ReactNode) => <RequireRecord>{screen}</RequireRecord>;

/** Screens inside the shell; the role guard reads the navigation config for who may open which. */
export const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'userEdit', element: <UserEditPage /> },
  {
    path: 'resellers',
    element: lazyScreen(() => import('../features/resellers/components/ResellersPage'), 'ResellersPage'),
  },
  {
    path: 'resellers/details',
    element: detail(
      lazyScreen(() => import('../features/resellers/components/ResellerDetailsPage'), 'ResellerDetailsPage'),
    ),
  },
  {
    path: 'reseller_users',
    element: lazyScreen(() => import('../features/reseller-users/components/ResellerUsersPage'), 'ResellerUsersPage'),
  },
  {
    path: 'reseller_users/details',
    element: detail(
      lazyScreen(
        () => import('../features/reseller-users/components/ResellerUserDetailsPage'),
        'ResellerUserDetailsPage',
      ),
    ),
  },
  { path: 'tenants', element: lazyScreen(() => import('../features/tenants/components/TenantsPage'), 'TenantsPage') },
  {
    path: 'tenants/details',
    element: detail(
      lazyScreen(() => import('../features/tenants/components/ExtensionDetailsPage'), 'ExtensionDetailsPage'),
    ),
  },
  {
    path: 'tenants/check_email',
    element: lazyScreen(() => import('../features/tenants/components/CheckEmailPage'), 'CheckEmailPage'),
  },
  { path: 'users', element: lazyScreen(() => import('../features/users/components/UsersPage'), 'UsersPage') },
  {
    path: 'users/details',
    element: detail(lazyScreen(() => import('../features/users/components/UserDetailsPage'), 'UserDetailsPage')),
  },
  {
    path: 'client_profiles',
    element: lazyScreen(
      () => import('../features/client-profiles/components/ClientProfilesPage'),
      'ClientProfilesPage',
    ),
  },
  {
    path: 'client_profiles/details',
    element: detail(
      lazyScreen(
        () => import('../features/client-profiles/components/ClientProfileDetailsPage'),
        'ClientProfileDetailsPage',
      ),
    ),
  },
  {
    path: 'client_profiles/blfManagement',
    element: detail(
      lazyScreen(() => import('../features/client-profiles/components/BlfManagementPage'), 'BlfManagementPage'),
    ),
  },
  { path: 'domains', element: lazyScreen(() => import('../features/domains/components/DomainsPage'), 'DomainsPage') },
  {
    path: 'domains/details',
    element: detail(lazyScreen(() => import('../features/domains/components/DomainDetailsPage'), 'DomainDetailsPage')),
  },
  {
    path: 'licenses',
    element: lazyScreen(() => import('../features/licences/components/LicencesPage'), 'LicencesPage'),
  },
  {
    path: 'email_templates',
    element: lazyScreen(() => import('../features/templates/components/TemplatesPage'), 'TemplatesPage'),
  },
  { path: 'logs', element: lazyScreen(() => import('../features/logs/components/LogsPage'), 'LogsPage') },
  { path: 'audit', element: lazyScreen(() => import('../features/audit/components/AuditPage'), 'AuditPage') },
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
          { path: '/', element: <AppLayout />, children: [{ element: <RequireRole />, children: shellRoutes }] },
          { path: '*', element: <ErrorPage code={404} /> },
        ],
      },
    ],
  },
];
