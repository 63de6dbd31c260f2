import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreens } from './app/lazy-screen';
import { routes } from './app/routes';
import { startI18n } from './lib/i18n';
import { ensureColorDefaults } from './lib/session';

ensureColorDefaults();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first page's chunks load with the language, so it is drawn whole, without a loader first.
void Promise.all([startI18n(), preloadScreens(routes, window.location.pathname)]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
