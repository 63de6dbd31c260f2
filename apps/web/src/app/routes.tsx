import { Navigate, type RouteObject } from 'react-router';
import { ComingSoon } from '../components/ComingSoon';
import { LoginPage } from '../features/auth/components/LoginPage';
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
  ...ERROR_CODES.map((code) => ({ path: `/${code}`, element: <ErrorPage code={code} /> })),
];

const later = (screenKey: string) => <ComingSoon screenKey={screenKey} />;
/** Detail screens need a record passed in navigation state; without it they go to /dashboard. */
const detail = (screenKey: string) => <RequireRecord>{later(screenKey)}</RequireRecord>;

/** Screens inside the shell; the role guard reads the navigation config for who may open which. */
export const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'userEdit', element: <UserEditPage /> },
  { path: 'resellers', element: later('nav.resellers') },
  { path: 'resellers/details', element: detail('nav.resellers') },
  { path: 'reseller_users', element: later('nav.resellerUsers') },
  { path: 'reseller_users/details', element: detail('nav.resellerUsers') },
  { path: 'tenants', element: later('nav.tenants') },
  { path: 'tenants/details', element: detail('nav.tenants') },
  { path: 'tenants/check_email', element: later('crumbs.checkEmail') },
  { path: 'users', element: later('nav.users') },
  { path: 'users/details', element: detail('nav.users') },
  { path: 'client_profiles', element: later('nav.clientProfiles') },
  { path: 'client_profiles/details', element: detail('nav.clientProfiles') },
  { path: 'client_profiles/blfManagement', element: detail('crumbs.blfManagement') },
  { path: 'domains', element: later('nav.domains') },
  { path: 'domains/details', element: detail('nav.domains') },
  { path: 'licenses', element: later('nav.licenses') },
  { path: 'email_templates', element: later('nav.emailTemplates') },
  { path: 'logs', element: later('nav.logs') },
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
