/**
 * The stock boot view (issue #19, lib/boot-view.ts): the subscribers screen drawn by the app itself at build time, so
 * a browser that has no copy of its own yet (a first visit, a sign-in a moment ago) still shows the first rows before
 * the app's modules have run. scripts/boot-stock.mjs builds this module for Node and runs it in jsdom, signed in as an
 * administrator on a made-up tenant of one subscriber; the app keeps its copy as on any visit
 * (features/tenants/components/SubscribersTable.tsx), and that copy is what is shipped.
 */
import { createRoot } from 'react-dom/client';
import { App } from '../app/App';
import { BOOT_VIEW_KEY } from '../lib/boot-view';
import { startI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';

let strings: Promise<void> | null = null;

/** Draws the page at the window's address and resolves with the copy the app kept (JSON); then removes the page. */
export async function renderStock(timeoutMs = 20_000): Promise<string> {
  const root = document.getElementById('root');
  if (!root) throw new Error('boot-stock: no #root');
  window.localStorage.removeItem(BOOT_VIEW_KEY);
  await (strings ??= startI18n());
  const app = createRoot(root);
  app.render(<App queryClient={createQueryClient()} />);
  try {
    const started = Date.now();
    for (;;) {
      const copy = window.localStorage.getItem(BOOT_VIEW_KEY);
      if (copy) return copy;
      if (Date.now() - started > timeoutMs) throw new Error(`boot-stock: no copy kept; the page: ${root.innerHTML}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    app.unmount();
  }
}
