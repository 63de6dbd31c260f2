import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { canOpen } from '../navigation';
import { useCurrentUser } from '../use-current-user';

/** Sends a role to /dashboard when the navigation config does not let it open the current area. */
export function RequireRole({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const { role } = useCurrentUser();
  if (!canOpen(pathname, role)) return <Navigate to="/dashboard" replace />;
  return children ?? <Outlet />;
}
