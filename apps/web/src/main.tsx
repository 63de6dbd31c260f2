import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startI18n } from './lib/i18n';
import { ensureColorDefaults } from './lib/session';

ensureColorDefaults();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void startI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
