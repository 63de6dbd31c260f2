import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { changeLanguage, currentLanguage } from './src/lib/i18n';

// findBy* and waitFor wait up to 5 s (default 1 s): a loaded machine renders slower, a wrong page still fails.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these browser APIs, which jsdom does not provide.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });

// The test files of a worker share one module graph and one jsdom (isolate: false in vite.config.ts): what a test
// leaves in a module-level store (the toasts' queue) or in the browser's storage is cleared after each one.
afterEach(async () => {
  cleanup();
  notifications.clean();
  if (currentLanguage() !== 'en') await changeLanguage('en');
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
