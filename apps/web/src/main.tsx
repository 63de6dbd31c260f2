import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/App';
import { preloadScreens } from './app/lazy-screen';
import { publicRoutes, routes } from './app/routes';
import { startI18n } from './lib/i18n';
import { ensureColorDefaults, getSession } from './lib/session';

ensureColorDefaults();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A page open to all is drawn whole: its chunk loads with the language, so no loader shows first; so is /login, where
// a screen behind the session goes without one (RequireAuth). A signed-in screen's chunks (shell and screen) load
// while the cover of the session check shows (RequireAuth, /me).
const { pathname } = window.location;
const isPublic = matchRoutes(publicRoutes, pathname) !== null;
const signedIn = Boolean(getSession().token);
const chunks = preloadScreens(routes, isPublic || signedIn ? pathname : '/login');
void Promise.all([startI18n(), (isPublic || !signedIn) && chunks]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
