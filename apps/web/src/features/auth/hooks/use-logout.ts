import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { attempt } from '../../../lib/attempt';
import { endSession } from '../../../lib/session';
import { logout } from '../api/logout';

/** Spec §4 log out, plus revoking the token on the server first (it needs the token to do so). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      // Refused (the server unreachable, the token already gone): the browser still forgets it.
      await attempt(logout);
    } finally {
      endSession();
      queryClient.clear();
    }
    await navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
