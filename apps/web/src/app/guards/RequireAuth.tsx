import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { useMe } from '../../features/auth/api/get-me';
import { useSession } from '../../lib/session';

/**
 * Reads the stored token on every render, so a signed-out user who presses Back lands on /login instead of
 * a cached admin screen. The first /me call confirms the token; a 401 there ends the session in the client.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { token } = useSession();
  const me = useMe(!!token);
  if (!token) return <Navigate to="/login" replace />;
  if (me.isPending) return <FullPageLoader />;
  return children ?? <Outlet />;
}
