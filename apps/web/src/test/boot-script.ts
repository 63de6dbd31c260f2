import fs from 'node:fs';
import path from 'node:path';

// public/boot.js and public/boot-view.js as a page runs them, for the boot view's unit tests (lib/boot-view.test.ts,
// boot-stock/boot-stock.test.ts). boot-view.js is evaluated first: in a browser boot.js fetches it as a script, which
// jsdom does not run.
const BOOT = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/boot.js'), 'utf8');
const DRAW = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/boot-view.js'), 'utf8');

/** Runs the page's first scripts, then lets the stubbed replies (and the copies of them) arrive. */
export async function runBootScripts(): Promise<void> {
  new Function(DRAW)();
  new Function(BOOT)();
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r));
}

/**
 * Clears what a boot script and its view leave: the early replies, the address, the head and the page (a #root with
 * rows would be found by the next files of the worker: one jsdom per worker) and the cover class.
 */
export function clearBootPage(): void {
  globalThis.__provisioEarly = undefined;
  window.history.replaceState(null, '', '/');
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.className = '';
}
