import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { useMe } from '../../features/auth/api/get-me';
import { loginState } from '../../features/auth/return-to';
import { useSession } from '../../lib/session';

/**
 * Reads the stored token on every render, so a signed-out user who presses Back lands on /login instead of
 * a cached admin screen (and back here once signed in). The first /me call confirms the token; a 401 there ends the
 * session in the client.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { token } = useSession();
  const location = useLocation();
  const me = useMe(!!token);
  // Signing in returns to this page (features/auth/return-to.ts).
  if (!token) return <Navigate to="/login" replace state={loginState(location)} />;
  if (me.isPending) return <FullPageLoader />;
  return children ?? <Outlet />;
}
