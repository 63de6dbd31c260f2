import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/render';
import { BOOT_VIEW_KEY, saveBootView } from './boot-view';
import { primeBootView } from './boot-view-prime';
import { endSession, startSession } from './session';

// The boot view's priming (lib/boot-view-prime.ts) in jsdom: when no copy fits and the page is left alone, a hidden
// frame opens one of the caller's tenants; a click drops it, a fitting copy ends it. e2e/specs/boot-view.spec.ts runs
// the frame's app in Chromium.
const ENTRY = '/assets/index-abc.js';
const QUIET_MS = 1000;
const frame = () => document.querySelector<HTMLIFrameElement>('iframe[data-boot-prime]');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps a copy that fits this window, as the frame's app does. */
function keepCopy() {
  const root = document.createElement('div');
  root.innerHTML =
    '<table><tbody><tr data-testid="extensions-row"><td data-col="extension">100</td></tr></tbody></table>';
  document.body.appendChild(root);
  saveBootView(
    root,
    { path: '/tenants', tenant: 'b.example', apps: '00', lang: 'en', token: 'tok-prime' },
    { rowSelector: '[data-testid="extensions-row"]', fields: ['extension'], keep: [], rowTestId: 'extensions-row' },
  );
  root.remove();
  window.dispatchEvent(new StorageEvent('storage', { key: BOOT_VIEW_KEY }));
}

describe('priming the boot view', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    document.head.innerHTML = `<meta name="provisio-modules" content="${ENTRY} /assets/shell.js">`;
    startSession('tok-prime', { username: 'admin', cloud_id: 'C', name: 'A', id: 1, user_type: 'admin' }, null);
    // Of the first tenants, the most share the switches "00": the first of those is drawn.
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/tenantList': {
          body: [
            { tid: 'a.example', tname: 'A', mobile_app_allowed: true, desktop_app_allowed: false },
            { tid: 'b.example', tname: 'B', mobile_app_allowed: false, desktop_app_allowed: false },
            { tid: 'c.example', tname: 'C', mobile_app_allowed: false, desktop_app_allowed: false },
          ],
        },
      }),
    );
  });
  afterEach(() => {
    stop();
    frame()?.remove();
    endSession();
    window.localStorage.clear();
    window.sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('opens a hidden frame after a quiet second, and removes it once the copy is kept; not again in this tab', async () => {
    stop = primeBootView(document);
    await pause(QUIET_MS / 2);
    expect(frame()).toBeNull();
    await vi.waitFor(() => expect(frame()).not.toBeNull(), { timeout: 3000 });
    const f = frame()!;
    expect(new URL(f.src, 'http://localhost').pathname + new URL(f.src, 'http://localhost').search).toBe(
      '/tenants?tenant=b.example',
    );
    expect(f.getAttribute('aria-hidden')).toBe('true');
    expect(f.hasAttribute('inert')).toBe(true);
    expect(f.tabIndex).toBe(-1);
    expect(f.style.visibility).toBe('hidden');
    expect(f.style.width).toBe(`${window.innerWidth}px`);
    keepCopy();
    expect(frame()).toBeNull();
    // The copy fits now: nothing to prime. Without it (dropped), this tab has tried already: nothing either.
    stop = primeBootView(document);
    window.localStorage.removeItem(BOOT_VIEW_KEY);
    stop = primeBootView(document);
    await pause(QUIET_MS * 1.5);
    expect(frame()).toBeNull();
  });

  it('drops the frame at a click or a key, and opens it again after a pause twice as long', async () => {
    stop = primeBootView(document);
    await vi.waitFor(() => expect(frame()).not.toBeNull(), { timeout: 3000 });
    window.dispatchEvent(new Event('pointerdown'));
    expect(frame()).toBeNull();
    await pause(QUIET_MS / 2);
    // A key while no frame is open only starts the pause again.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await pause(QUIET_MS * 1.5);
    expect(frame()).toBeNull();
    await vi.waitFor(() => expect(frame()).not.toBeNull(), { timeout: 3000 });
    // Leaving the screen (the hook's cleanup) drops it too.
    stop();
    expect(frame()).toBeNull();
  });

  it('stops on this screen once the user has dropped three frames', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      stop = primeBootView(document);
      for (const quiet of [QUIET_MS, QUIET_MS * 2, QUIET_MS * 4]) {
        await vi.advanceTimersByTimeAsync(quiet);
        await vi.waitFor(() => expect(frame()).not.toBeNull());
        window.dispatchEvent(new Event('pointerdown'));
        expect(frame()).toBeNull();
      }
      await vi.advanceTimersByTimeAsync(QUIET_MS * 8);
      await vi.waitFor(() => expect(frame()).not.toBeNull());
      window.dispatchEvent(new Event('pointerdown'));
      await vi.advanceTimersByTimeAsync(QUIET_MS * 64);
      expect(frame()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens nothing when a copy fits the window, or without a session', async () => {
    keepCopy();
    stop = primeBootView(document);
    await pause(QUIET_MS * 1.5);
    expect(frame()).toBeNull();
    window.localStorage.removeItem(BOOT_VIEW_KEY);
    endSession();
    stop = primeBootView(document);
    await pause(QUIET_MS * 1.5);
    expect(frame()).toBeNull();
  });
});
