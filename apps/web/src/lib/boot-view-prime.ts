import { useEffect } from 'react';
import { callApi } from './api';
import { BOOT_VIEW_KEY, appsMark, bootViewFits, tokenMark } from './boot-view';
import { requestLanguage } from './i18n';
import { getSession } from './session';

/**
 * Priming the boot view (issue #19, docs/architecture.md "How a signed-in page starts"). The boot view draws a
 * tenant's subscribers opened directly from a copy of the screen the app kept when it last drew it in this browser
 * (lib/boot-view.ts); until the app has drawn that screen once, such a visit waits for the app's own first render
 * (some 2 s with 10,000 extensions on a small machine). So when a signed-in screen has been left alone for a moment
 * and no copy fits this window (none yet, or one of another build, language or width class), the app opens the
 * subscribers screen of one of the caller's tenants in a hidden frame of the window's size: the app in the frame draws
 * it, keeps its copy as every visit does (SubscribersTable), and the frame is removed. It is the app's own screen, so
 * the copy is exactly what a visit would have kept.
 *
 * The frame is not seen, not focusable and hidden from assistive technology; its work is the page's main thread's, so
 * it starts only after PRIME_QUIET_MS without a click or a key, and is dropped at the next one (and when the route
 * changes), to start again when the user pauses, after twice as long each time (at most PRIME_MAX_DROPS times on a
 * screen). One attempt per tab that runs to its end (a copy kept, or none after
 * PRIME_GIVE_UP_MS, e.g. a tenant with no extension), for each token, language, build and width class.
 */
const PRIME_QUIET_MS = 1000;
const PRIME_GIVE_UP_MS = 20_000;
const PRIME_MAX_DROPS = 3;
const TRIED_KEY = 'provisio.bootPrime';

/**
 * Primes the boot view from a signed-in screen (see above) when `enabled`; not on the subscribers screen itself, nor
 * in a frame.
 */
export function usePrimeBootView(pathname: string, enabled: boolean): void {
  useEffect(() => {
    if (!enabled || pathname === '/tenants' || window.top !== window) return;
    return primeBootView(document);
  }, [pathname, enabled]);
}

/** Whether this page is the hidden frame's (above). */
export function primedInFrame(): boolean {
  return window.frameElement?.hasAttribute('data-boot-prime') ?? false;
}

/** The attempt's key: the copy's own (token, language, build, width class). */
function attemptKey(token: string, doc: Document): string {
  const entry = doc.querySelector('meta[name="provisio-modules"]')?.getAttribute('content')?.split(' ')[0] ?? '';
  return [tokenMark(token), requestLanguage(), entry, doc.defaultView?.innerWidth ?? 0].join(' ');
}

function tried(key: string): boolean {
  try {
    return window.sessionStorage.getItem(TRIED_KEY) === key;
  } catch {
    return true;
  }
}

/**
 * The tenant to draw: of the caller's first tenants, the first of those whose app switches most tenants share (the
 * copy serves every tenant with the same switches).
 */
async function tenantToDraw(): Promise<string | null> {
  const tenants = await callApi('tenantList', { limit: 50 }, { silent: true });
  const count = new Map<string, number>();
  for (const t of tenants) count.set(appsMark(t), (count.get(appsMark(t)) ?? 0) + 1);
  let best: { tid: string; n: number } | null = null;
  for (const t of tenants) {
    const n = count.get(appsMark(t)) ?? 0;
    if (!best || n > best.n) best = { tid: t.tid, n };
  }
  return best?.tid ?? null;
}

/** Starts priming in `doc`'s window; returns what stops it. */
export function primeBootView(doc: Document): () => void {
  const win = doc.defaultView;
  if (!win) return () => undefined;
  let frame: HTMLIFrameElement | null = null;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let giveUp: ReturnType<typeof setTimeout> | undefined;
  let over = false;
  // Each quiet spell's attempt: one that a click overtook while it asked for the tenants does not open its frame.
  let spell = 0;
  // Frames dropped by the user's input: each doubles the quiet asked for before the next (someone typing with pauses
  // does not get a frame started at every pause); past PRIME_MAX_DROPS, none until the next screen.
  let drops = 0;
  let tenant: Promise<string | null> | undefined;

  const current = () => {
    // A device that asks to save data is not sent a second copy of the app.
    if ((win.navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return null;
    const { token } = getSession();
    if (!token || bootViewFits({ token, lang: requestLanguage() }, doc)) return null;
    const key = attemptKey(token, doc);
    return tried(key) ? null : key;
  };
  const drop = () => {
    frame?.remove();
    frame = null;
    clearTimeout(giveUp);
  };
  const end = (key: string | null) => {
    drop();
    clearTimeout(quiet);
    over = true;
    if (key) {
      try {
        win.sessionStorage.setItem(TRIED_KEY, key);
      } catch {
        // No session storage: tried again on the next screen.
      }
    }
    win.removeEventListener('storage', onStorage);
    win.removeEventListener('pointerdown', onInput, true);
    win.removeEventListener('keydown', onInput, true);
  };
  const start = async (mine: number) => {
    const key = current();
    if (!key) return end(null);
    const tid = await (tenant ??= tenantToDraw().catch(() => null));
    if (over || frame || mine !== spell) return;
    if (!tid) return end(key);
    const f = doc.createElement('iframe');
    f.src = `/tenants?tenant=${encodeURIComponent(tid)}`;
    f.title = '';
    f.tabIndex = -1;
    f.setAttribute('aria-hidden', 'true');
    f.setAttribute('inert', '');
    f.setAttribute('data-boot-prime', '');
    Object.assign(f.style, {
      position: 'fixed',
      top: '0',
      left: '0',
      width: `${win.innerWidth}px`,
      height: `${win.innerHeight}px`,
      border: '0',
      visibility: 'hidden',
      pointerEvents: 'none',
      zIndex: '-1',
    });
    frame = f;
    doc.body.appendChild(f);
    giveUp = setTimeout(() => end(key), PRIME_GIVE_UP_MS);
  };
  const wait = () => {
    clearTimeout(quiet);
    const mine = ++spell;
    quiet = setTimeout(() => void start(mine), PRIME_QUIET_MS * 2 ** drops);
  };
  // The frame's app kept its copy (a storage event reaches every other window of the origin, frames too).
  function onStorage(event: StorageEvent) {
    if (event.key !== BOOT_VIEW_KEY) return;
    const { token } = getSession();
    if (token && bootViewFits({ token, lang: requestLanguage() }, doc)) end(attemptKey(token, doc));
  }
  // The user is busy: the frame goes (its work would slow the page), to start again after a pause.
  function onInput() {
    if (frame && ++drops > PRIME_MAX_DROPS) return end(null);
    drop();
    wait();
  }

  if (!current()) return () => undefined;
  win.addEventListener('storage', onStorage);
  win.addEventListener('pointerdown', onInput, true);
  win.addEventListener('keydown', onInput, true);
  wait();
  return () => end(null);
}
