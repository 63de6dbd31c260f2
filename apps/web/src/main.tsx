import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/App';
import { prefetchFirstScreen } from './app/first-screen';
import { preloadScreens } from './app/lazy-screen';
import { publicRoutes, routes } from './app/routes';
import { setUnauthorizedHandler } from './lib/api';
import { removeBootView } from './lib/boot-view';
import { startI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { ensureColorDefaults, getSession } from './lib/session';

ensureColorDefaults();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The longest a signed-in screen waits for its first data before it renders with its own loaders instead. */
const FIRST_SCREEN_WAIT_MS = 1500;

// A page open to all is drawn whole: its chunk loads with the language, so no loader shows first; so is /login, where
// a screen behind the session goes without one (RequireAuth). A signed-in screen opened directly is drawn once its
// chunks (shell and screen) and its first data are there (app/first-screen.ts), in one pass rather than a cover,
// then a loader, then the screen (issue #19); public/boot.js shows a plain cover meanwhile. Past
// FIRST_SCREEN_WAIT_MS it renders anyway, and the session check's cover and the screens' loaders show as before.
const { pathname } = window.location;
const isPublic = matchRoutes(publicRoutes, pathname) !== null;
const signedIn = Boolean(getSession().token);
// The stored language is set first (its strings load meanwhile): the first calls ask for replies in it.
const strings = startI18n();
const queryClient = createQueryClient();
// A 401 before the first render (an expired token) has already ended the session and told the user: the first render
// then goes to /login (RequireAuth) with that notice, rather than reloading the page and losing it. The router
// installs its own handler when it is created (app/App.tsx).
setUnauthorizedHandler(() => undefined);
const chunks = preloadScreens(routes, isPublic || signedIn ? pathname : '/login');
const firstScreen =
  isPublic || !signedIn
    ? chunks
    : Promise.race([
        Promise.all([chunks, prefetchFirstScreen(queryClient, window.location)]),
        new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
      ]);
void Promise.all([strings, firstScreen]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  // The app draws its own covers from now on (a redirect may leave #root empty for a moment), and the boot view
  // (lib/boot-view.ts), hidden by index.html's style once #root has content, goes.
  requestAnimationFrame(() => {
    document.documentElement.classList.remove('boot-cover');
    removeBootView();
  });
});
