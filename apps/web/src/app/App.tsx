import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { type LoginState, loginState } from '../features/auth/return-to';
import { setUnauthorizedHandler } from '../lib/api';
import { preloadScreens } from './lazy-screen';
import { Providers } from './providers';
import { routes } from './routes';

/** `queryClient`: the entry's, holding what the first screen shows (app/first-screen.ts). */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [router] = useState(() => {
    const created = createBrowserRouter(routes);
    // A navigation fetches the chunks of every route it matches at once (after a sign-in: the shell and the
    // dashboard, while /me is checked), rather than each as the one above it renders.
    // On /login on the way to a signed-in page (features/auth/return-to.ts), that page's chunks are fetched too,
    // while the user types.
    created.subscribe((state) => {
      void preloadScreens(routes, state.location.pathname);
      const from = (state.location.state as Partial<LoginState> | null)?.from;
      if (state.location.pathname === '/login' && typeof from === 'string')
        void preloadScreens(routes, new URL(from, window.location.origin).pathname);
    });
    // A 401 on a signed-in call: the session is already cleared; go to /login without reloading, and back here once
    // signed in again (features/auth/return-to.ts).
    setUnauthorizedHandler(() => {
      const here = created.state.location;
      if (here.pathname !== '/login') void created.navigate('/login', { replace: true, state: loginState(here) });
    });
    return created;
  });
  // Router updates are applied synchronously: inside React transitions, a sign-out's session change and the
  // following navigations could interleave so that Back right after log out left a blank screen.
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} useTransitions={false} />
    </Providers>
  );
}
