/**
 * What scripts/bench-web.ts runs inside the pages it times: init scripts (text) and functions for page.evaluate and
 * waitForFunction.
 */
/**
 * Runs in every page from its start (an init script, before the page's own scripts): notes the page's clock at the
 * first animation frame where an extension row matching each selector is laid out, in `__benchRows`. `any`: the boot
 * view's row (apps/web/src/lib/boot-view.ts) or the app's; `app`: the app's own, the one that answers clicks. Until
 * 2026-11-29 this was Playwright's `waitForFunction` polling each frame, which starts only once its script reaches
 * the new page: when the page's main thread was busy (the app's entry evaluating), the first poll came up to a second
 * after the row was there (4 of 29 visits, seen against the view's insertion time). Text, not a function: tsx names
 * a function's inner functions with a helper the page does not have.
 */
export const WATCH_ROWS = (any: string, app: string) => `(() => {
  const seen = (window.__benchRows = {});
  const laidOut = (selector) => {
    const row = document.querySelector(selector);
    return row !== null && row.offsetParent !== null;
  };
  const look = () => {
    if (seen.any === undefined && laidOut(${JSON.stringify(any)})) seen.any = performance.now();
    if (seen.app === undefined && laidOut(${JSON.stringify(app)})) seen.app = performance.now();
    if (seen.app === undefined) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;
/** With WATCH_ROWS: notes the page's clock at each pointer press (the last one before the row is the click timed). */
export const CLICKS = `document.addEventListener('pointerdown', () => { window.__benchClick = performance.now(); }, true);`;
/** Runs in the page: both rows' times, once the app's own row is there. */
export const ROWS_SEEN = () => {
  const seen = (globalThis as unknown as { __benchRows?: { any?: number; app?: number } }).__benchRows;
  return seen?.app !== undefined ? seen : null;
};
export const ANY_ROW = '[data-testid="extensions-row"]';
export const APP_ROW = '#root [data-testid="extensions-row"]';

/** Runs in the page: the first contentful paint (ms from navigation), when the browser has reported it. */
export const FCP = () => {
  const g = globalThis as unknown as { performance: { getEntriesByName(n: string): { startTime: number }[] } };
  const paint = g.performance.getEntriesByName('first-contentful-paint')[0];
  return paint ? Math.round(paint.startTime) : null;
};

/**
 * Runs in the page: whether the app has kept its copy of the screen for the boot view (lib/boot-view.ts), drawn on
 * `tenant`, or on any tenant when null.
 */
export const COPY_KEPT = (tenant: string | null) => {
  const g = globalThis as unknown as { localStorage: { getItem(k: string): string | null } };
  const copy = JSON.parse(g.localStorage.getItem('provisio.bootView') ?? 'null') as { tenant?: string } | null;
  return copy !== null && (tenant === null || copy.tenant === tenant);
};

/** Runs in the page: when its last script and the first getExtensions reply had arrived (ms from navigation). */
export const TIMINGS = () => {
  const g = globalThis as unknown as {
    performance: { getEntriesByType(t: string): { name: string; responseEnd: number; initiatorType: string }[] };
  };
  const entries = g.performance.getEntriesByType('resource');
  const scripts = Math.max(
    0,
    ...entries.filter((e) => e.initiatorType === 'script' || /\.js$/.test(e.name)).map((e) => e.responseEnd),
  );
  const list = entries.find((e) => e.name.endsWith('/getExtensions'));
  const protocol = (entries.find((e) => e.name.endsWith('/getExtensions')) as { nextHopProtocol?: string } | undefined)
    ?.nextHopProtocol;
  return `scripts ${Math.round(scripts)} ms, getExtensions ${list ? Math.round(list.responseEnd) : '-'} ms (${protocol ?? '?'})`;
};

/** Runs in the page (BENCH_TRACE=1): every resource with its start and end, and the paint marks. */
export const TRACE = () => {
  const g = globalThis as unknown as {
    performance: { getEntries(): { name: string; entryType: string; startTime: number; duration: number }[] };
  };
  return g.performance
    .getEntries()
    .filter((e) => e.entryType !== 'mark' || true)
    .map(
      (e) =>
        `${Math.round(e.startTime)}+${Math.round(e.duration)} ${e.entryType} ${e.name.replace(/^https?:\/\/[^/]+/, '')}`,
    )
    .join('\n');
};
