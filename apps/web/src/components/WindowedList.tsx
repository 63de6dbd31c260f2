import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';

interface WindowedListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  /** Height in px of an item not yet measured (a collapsed row, its gap included). */
  estimate: number;
  renderItem: (item: T, index: number) => ReactNode;
  /** CSS height of the scrolling box. */
  height: string;
  /** Extra px rendered above and below what is on screen, so fast scrolling shows no gaps. */
  overscan?: number;
  testId?: string;
  label?: string;
}

/** Start offset of each item, plus the total height as the last element. */
export function itemOffsets(keys: readonly string[], heights: ReadonlyMap<string, number>, estimate: number): number[] {
  const offsets = new Array<number>(keys.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < keys.length; i++) offsets[i + 1] = offsets[i]! + (heights.get(keys[i]!) ?? estimate);
  return offsets;
}

/** The items [first, last) that overlap the visible band [top - overscan, top + viewport + overscan]. */
export function visibleRange(
  offsets: readonly number[],
  top: number,
  viewport: number,
  overscan: number,
): [number, number] {
  const count = offsets.length - 1;
  const from = Math.max(0, top - overscan);
  const to = top + viewport + overscan;
  // Binary search for the last item starting at or before `from`.
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= from) lo = mid;
    else hi = mid - 1;
  }
  const first = Math.min(lo, Math.max(0, count - 1));
  let last = first;
  while (last < count && offsets[last]! < to) last++;
  return [first, Math.max(last, Math.min(count, first + 1))];
}

/**
 * A scrolling box that renders only the items on screen. Items may have any height: each rendered item is
 * measured (a ResizeObserver), so a row that expands pushes the rest down; unmeasured ones count as `estimate`.
 */
export function WindowedList<T>({
  items,
  itemKey,
  estimate,
  renderItem,
  height,
  overscan = 600,
  testId,
  label,
}: WindowedListProps<T>) {
  const boxRef = useRef<HTMLDivElement>(null);
  const heights = useRef(new Map<string, number>());
  const [measured, setMeasured] = useState(0);
  const [top, setTop] = useState(0);
  const [viewport, setViewport] = useState(0);
  const keys = useMemo(() => items.map(itemKey), [items, itemKey]);
  // `measured` changes whenever a height does; the offsets depend on it through the map.
  const offsets = useMemo(() => itemOffsets(keys, heights.current, estimate), [keys, estimate, measured]);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const read = () => setViewport(box.clientHeight || window.innerHeight);
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const itemObserver = useMemo(() => {
    if (typeof ResizeObserver === 'undefined') return null;
    return new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const key = (entry.target as HTMLElement).dataset.windowKey;
        const size = Math.round(entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height);
        if (key === undefined || size === 0 || heights.current.get(key) === size) continue;
        heights.current.set(key, size);
        changed = true;
      }
      if (changed) setMeasured((n) => n + 1);
    });
  }, []);
  useEffect(() => () => itemObserver?.disconnect(), [itemObserver]);

  const measure = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el || !itemObserver) return;
      itemObserver.observe(el);
      return () => itemObserver.unobserve(el);
    },
    [itemObserver],
  );

  const [first, last] = items.length ? visibleRange(offsets, top, viewport, overscan) : [0, 0];
  const total = offsets[offsets.length - 1] ?? 0;

  return (
    <div
      ref={boxRef}
      onScroll={(e) => setTop(e.currentTarget.scrollTop)}
      style={{ height, overflowY: 'auto', overscrollBehavior: 'contain' }}
      role="list"
      aria-label={label}
      data-testid={testId}
      data-rendered={last - first}
    >
      <div style={{ height: total, position: 'relative' }}>
        <div style={{ position: 'absolute', top: offsets[first] ?? 0, left: 0, right: 0 }}>
          {items.slice(first, last).map((item, i) => (
            <div key={keys[first + i]} ref={measure} data-window-key={keys[first + i]} role="listitem">
              {renderItem(item, first + i)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
