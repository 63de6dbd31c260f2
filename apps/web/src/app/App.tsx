import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { Providers } from './providers';
import { routes } from './routes';

export function App() {
  const [router] = useState(() => {
    const created = createBrowserRouter(routes);
    // A 401 on a signed-in call: the session is already cleared; go to /login without reloading.
    setUnauthorizedHandler(() => void created.navigate('/login', { replace: true }));
    return created;
  });
  // Router updates are applied synchronously: inside React transitions, a sign-out's session change and the
  // following navigations could interleave so that Back right after log out left a blank screen.
  return (
    <Providers>
      <RouterProvider router={router} useTransitions={false} />
    </Providers>
  );
}
