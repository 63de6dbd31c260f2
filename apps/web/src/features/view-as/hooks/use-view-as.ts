import type { ViewAsBody } from '@provisio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { onSessionEnded } from '../../../lib/api';
import { attempt } from '../../../lib/attempt';
import { notifyInfo } from '../../../lib/notify';
import { activeView, beginView, getViewState, restoreAdmin } from '../view-state';

// The calls (and the contract's schemas with them) load when used: the banner is in the shell of every screen.

/** Starts viewing as an account: the browser switches to the view session and opens the dashboard. */
export function useStartViewAs() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    async (body: ViewAsBody) => {
      const { startViewAs } = await import('../api/view-as');
      const reply = await startViewAs(body);
      beginView(reply, location.pathname);
      queryClient.clear();
      await navigate('/dashboard', { replace: false });
    },
    [navigate, queryClient, location.pathname],
  );
}

/**
 * Ends the view: the server revokes the view session (audited), the browser takes the administrator's session back
 * and returns to the screen the view started from. `navigateBack: false` for a sign-out, which navigates itself.
 */
export function useStopViewing() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(
    async (navigateBack = true) => {
      if (!activeView()) return;
      // Refused (the view already ended on the server): the browser still goes back to the administrator.
      await attempt(async () => (await import('../api/view-as')).stopViewing());
      const ended = restoreAdmin();
      queryClient.clear();
      if (!navigateBack || !ended) return;
      notifyInfo(t('viewAs.backNotice'));
      await navigate(ended.returnTo || '/dashboard', { replace: true });
    },
    [navigate, queryClient, t],
  );
}

/**
 * A view the server ended (its time, or the administrator's session ended elsewhere): the browser takes the
 * administrator's session back instead of signing out; if that one has ended too, its first call signs out.
 */
export function useViewEndedByServer() {
  const { t } = useTranslation();
  useEffect(
    () =>
      onSessionEnded(() => {
        if (!getViewState()) return;
        restoreAdmin();
        notifyInfo(t('viewAs.endedNotice'));
      }),
    [t],
  );
}
