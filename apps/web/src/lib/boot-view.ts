/**
 * The boot view (issue #19, docs/architecture.md "How a signed-in page starts"). A tenant's subscribers screen, opened
 * again in this browser, shows its first rows before the app's modules have run: public/boot.js draws them from its
 * early `getExtensions` reply into a copy of the page as the app last drew it, kept here. The copy is inert (no
 * clicks, no focus, hidden from assistive technology) and is removed as soon as the app renders (index.html's style
 * hides it the moment #root has content; src/main.tsx removes it).
 *
 * What is kept, and what is not:
 * - the page around the table (header, menu, titles, buttons, the table's column headers) in the user's language, with
 *   the columns they chose; nothing is drawn for another token, language, build or screen width class, nor for a
 *   tenant whose app switches differ (they decide the switches' state and the table's app columns, `apps`): the page
 *   is the same for every tenant apart from those and its data, so a copy kept on one tenant's screen serves another
 *   opened directly (its name and rows come from the fresh replies);
 * - one row of the table, as a template: its text cells (`fields`) are emptied and filled by boot.js from the fresh
 *   reply, its other data cells (flags, switches) are emptied; the check box and the row's action icons are kept;
 *   with where the row was and its height, so boot.js draws as many rows as fill the window, and two more (at most 15);
 * - elements marked `data-boot-blank` (figures the app's first render has but the copy may not: totals, paging) keep
 *   their place but are not shown, and those marked `data-boot-omit` (what the app's first render does not have: the
 *   licence use, asked for after it; the visit's jobs) are left out, so the page does not move when the app takes
 *   over; the tenant picker's input is filled by boot.js with the tenant's name from the fresh tenant reply;
 * - no subscriber data: only the template row, emptied. The copy is dropped when the session ends (lib/session.ts).
 */
export const BOOT_VIEW_KEY = 'provisio.bootView';
const VERSION = 4;

export interface BootView {
  v: number;
  /** The entry module's path: a copy drawn by another build is not used. */
  build: string;
  /** A fingerprint of the session token (not the token). */
  mark: string;
  lang: string;
  /** Mantine's breakpoint class of the window's width (the layout differs across them). */
  width: number;
  path: string;
  /** The tenant the copy was drawn on (for the record: it is drawn for any tenant with the same `apps`). */
  tenant: string;
  /** The tenant's app switches the page was drawn with (appsMark). */
  apps: string;
  /**
   * The styles index.html does not link, as text: the screen's own stylesheets (loaded with its chunks) and Mantine's
   * style elements outside #root (those inside are in `html`).
   */
  css: string;
  scheme: string | null;
  html: string;
  /**
   * Where the first row was (its top, from the top of the page) and how high it was, in px: boot.js draws only the
   * rows that fill the window (and two more), not all of the app's first 15; 0 when unknown (then all 15).
   */
  rowTop: number;
  rowHeight: number;
}

/** FNV-1a, 32 bits, as hex: boot.js computes the same (src/lib/boot-view.test.ts checks it). */
export function tokenMark(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

/** The tenant's mobile and desktop app switches as two digits: boot.js reads the same from the fresh tenant reply. */
export function appsMark(tenant: { mobile_app_allowed: boolean; desktop_app_allowed: boolean }): string {
  return `${tenant.mobile_app_allowed ? 1 : 0}${tenant.desktop_app_allowed ? 1 : 0}`;
}

/** Mantine's breakpoints (xs to xl, in px at the default 16 px font size): 0 below xs, 5 from xl. */
function widthClass(width: number): number {
  return [576, 768, 992, 1200, 1408].filter((b) => width >= b).length;
}

export interface CaptureOptions {
  /** The rows of the table; the first becomes the template. */
  rowSelector: string;
  /** Columns (a cell's `data-col`) whose text boot.js fills from the reply's field of the same name. */
  fields: readonly string[];
  /** Columns kept as they are (a check box). The other data cells are emptied. */
  keep: readonly string[];
  /** The test id the rows keep (the benchmark and the end-to-end tests look for it); all others are dropped. */
  rowTestId: string;
  /** The tenant picker's input: boot.js writes the tenant's name from its fresh reply there. */
  tenantInput?: string;
}

/**
 * A copy of `root` with the first row as an emptied template, or null when the table has no row. Form state lives in
 * properties, which are not serialised: checked boxes and input values are written as attributes first.
 */
function captureView(root: HTMLElement, opts: CaptureOptions): string | null {
  const clone = root.cloneNode(true) as HTMLElement;
  const from = root.querySelectorAll('input');
  clone.querySelectorAll('input').forEach((input, i) => {
    const live = from[i];
    if (!live) return;
    if (live.type === 'checkbox' || live.type === 'radio') {
      if (live.checked) input.setAttribute('checked', '');
      else input.removeAttribute('checked');
    } else if (live.type !== 'password' && live.type !== 'file') input.setAttribute('value', live.value);
  });
  const rows = clone.querySelectorAll<HTMLElement>(opts.rowSelector);
  const template = rows[0];
  if (!template) return null;
  rows.forEach((row, i) => i > 0 && row.remove());
  template.setAttribute('data-boot-row', '');
  // Labels and keys that name the row's subscriber (hidden from assistive technology in the view anyway).
  template.removeAttribute('data-row-key');
  template.querySelectorAll('[aria-label]').forEach((el) => el.removeAttribute('aria-label'));
  template.querySelectorAll<HTMLElement>('td[data-col]').forEach((cell) => {
    const col = cell.dataset.col!;
    if (opts.keep.includes(col)) return;
    if (!opts.fields.includes(col)) {
      cell.replaceChildren();
      return;
    }
    let leaf: HTMLElement = cell;
    while (leaf.firstElementChild instanceof HTMLElement) leaf = leaf.firstElementChild;
    leaf.textContent = '';
    leaf.setAttribute('data-boot-field', col);
    if (leaf.hasAttribute('title')) leaf.setAttribute('title', '');
  });
  clone.querySelectorAll<HTMLElement>('[data-boot-blank]').forEach((el) => (el.style.visibility = 'hidden'));
  clone.querySelectorAll('[data-boot-omit]').forEach((el) => el.remove());
  if (opts.tenantInput) clone.querySelector(opts.tenantInput)?.setAttribute('data-boot-tenant', '');
  clone.querySelectorAll('input[data-boot-tenant]').forEach((el) => el.setAttribute('value', ''));
  // No test ids but the rows' (ids stay: an SVG's gradient is found by its id; the view is gone before the app draws).
  clone.querySelectorAll('[data-testid]').forEach((el) => {
    if (el.getAttribute('data-testid') !== opts.rowTestId) el.removeAttribute('data-testid');
  });
  return clone.innerHTML;
}

/**
 * The rules of the stylesheets the app linked after index.html's (marked `data-index` by build/entry-link.ts), and of
 * Mantine's style elements outside #root: a few kilobytes, drawn with the view without waiting for any file.
 */
function screenStyles(doc: Document, root: HTMLElement): string {
  const sheets = [...doc.styleSheets].filter((sheet) => {
    const owner = sheet.ownerNode;
    if (owner instanceof HTMLLinkElement) return !owner.hasAttribute('data-index');
    return owner instanceof HTMLStyleElement && owner.hasAttribute('data-mantine-styles') && !root.contains(owner);
  });
  return sheets
    .map((sheet) => {
      try {
        return [...sheet.cssRules].map((rule) => rule.cssText).join('\n');
      } catch {
        // Not readable (another origin): left out.
        return '';
      }
    })
    .join('\n');
}

/** The entry module's path (the build): named first by the built page (build/entry-link.ts), a script in development. */
function entryPath(doc: Document): string {
  return (
    doc.querySelector('meta[name="provisio-modules"]')?.getAttribute('content')?.split(' ')[0] ??
    doc.querySelector('script[type="module"][src]')?.getAttribute('src') ??
    ''
  );
}

/** Keeps the page as drawn now for boot.js (see above); does nothing without a token or a row. */
export function saveBootView(
  root: HTMLElement,
  at: { path: string; tenant: string; apps: string; lang: string; token: string | null },
  opts: CaptureOptions,
): boolean {
  if (!at.token) return false;
  const html = captureView(root, opts);
  if (!html) return false;
  const doc = root.ownerDocument;
  const box = root.querySelector(opts.rowSelector)!.getBoundingClientRect();
  const view: BootView = {
    v: VERSION,
    build: entryPath(doc),
    mark: tokenMark(at.token),
    lang: at.lang,
    width: widthClass(doc.defaultView?.innerWidth ?? 0),
    path: at.path,
    tenant: at.tenant,
    apps: at.apps,
    css: screenStyles(doc, root),
    scheme: doc.documentElement.getAttribute('data-mantine-color-scheme'),
    html,
    rowTop: Math.max(0, Math.round(box.top + (doc.defaultView?.scrollY ?? 0))),
    rowHeight: Math.max(0, Math.round(box.height)),
  };
  try {
    window.localStorage.setItem(BOOT_VIEW_KEY, JSON.stringify(view));
    return true;
  } catch {
    // Storage full or refused: the screen simply starts as it did before.
    return false;
  }
}

/**
 * Whether the kept copy would be drawn on a tenant's subscribers screen opened now in this window (the same checks
 * as boot.js's, but for the tenant: any tenant with the copy's app switches).
 */
export function bootViewFits(at: { token: string | null; lang: string }, doc: Document = document): boolean {
  if (!at.token) return false;
  try {
    const copy = JSON.parse(window.localStorage.getItem(BOOT_VIEW_KEY) ?? 'null') as BootView | null;
    return (
      copy?.v === VERSION &&
      copy.mark === tokenMark(at.token) &&
      copy.lang === at.lang &&
      copy.path === '/tenants' &&
      copy.width === widthClass(doc.defaultView?.innerWidth ?? 0) &&
      copy.build === entryPath(doc)
    );
  } catch {
    return false;
  }
}

export function clearBootView(): void {
  window.localStorage.removeItem(BOOT_VIEW_KEY);
}

/** Removes the drawn boot view, once the app has rendered. */
export function removeBootView(doc: Document = document): void {
  doc.getElementById('boot-view')?.remove();
}
