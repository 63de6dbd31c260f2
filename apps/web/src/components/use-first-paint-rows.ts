import { useEffect, useState } from 'react';

/** Rows drawn before the first paint of a table's first page (about a screen's worth); the rest follow at once. */
export const FIRST_PAINT_ROWS = 15;

/**
 * A long first page is drawn in two steps: the rows a screen shows first, the rest right after that paint (measured on
 * /tenants with a page of 50: the first row shows about 100 ms sooner, issue #19).
 */
export function useFirstPaintRows<R>(rows: R[]): R[] {
  const [firstPaint, setFirstPaint] = useState(true);
  const long = rows.length > FIRST_PAINT_ROWS;
  useEffect(() => {
    if (!firstPaint || !long) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setFirstPaint(false))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [firstPaint, long]);
  return firstPaint && long ? rows.slice(0, FIRST_PAINT_ROWS) : rows;
}
