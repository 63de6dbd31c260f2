import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** A first page longer than this is drawn in two steps, with at most this many rows before the first paint. */
export const FIRST_PAINT_ROWS = 15;
/** The rows drawn first, before it is known how many the window shows. */
const FEWEST = 3;

/**
 * A long first page is drawn in two steps (issue #19): before the first paint only the rows the window shows, then
 * the rest right after that paint. Each row of the subscribers table is some 60 elements, about 10 ms to render, style
 * and lay out on the 2-core VM, and on most screens its first row starts near or below the window's bottom.
 *
 * The first commit has FEWEST rows; a layout effect (before the paint) then looks at where the last of them is and,
 * when the window has room below it, draws as many more as fill it and one more (at most FIRST_PAINT_ROWS), still
 * before that paint. `body` is the element whose children are the rows.
 */
export function useFirstPaintRows<R>(rows: R[], body: RefObject<HTMLElement | null>): R[] {
  const [shown, setShown] = useState<number | null>(FEWEST);
  const long = shown !== null && rows.length > FIRST_PAINT_ROWS;
  useLayoutEffect(() => {
    if (!long || shown === null || shown >= FIRST_PAINT_ROWS) return;
    const last = body.current?.lastElementChild;
    if (!last) return;
    const box = last.getBoundingClientRect();
    const room = window.innerHeight - box.bottom;
    if (box.height > 0 && room > 0) setShown(Math.min(FIRST_PAINT_ROWS, shown + Math.ceil(room / box.height) + 1));
  }, [long, shown, body]);
  useEffect(() => {
    if (!long) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setShown(null))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [long]);
  return long ? rows.slice(0, shown) : rows;
}
