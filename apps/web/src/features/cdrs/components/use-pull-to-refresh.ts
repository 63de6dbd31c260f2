import { useRef, useState, type TouchEvent } from 'react';

const THRESHOLD = 70;

/** Pull-to-refresh for touch screens: pulling down from the top of the page past a threshold calls `refresh`. */
export function usePullToRefresh(refresh: () => void) {
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  return {
    pull,
    ready: pull >= THRESHOLD,
    handlers: {
      onTouchStart: (event: TouchEvent) => {
        start.current = window.scrollY <= 0 ? (event.touches[0]?.clientY ?? null) : null;
      },
      onTouchMove: (event: TouchEvent) => {
        if (start.current === null) return;
        const y = event.touches[0]?.clientY ?? start.current;
        setPull(Math.max(0, Math.min(120, y - start.current)));
      },
      onTouchEnd: () => {
        if (start.current !== null && pull >= THRESHOLD) refresh();
        start.current = null;
        setPull(0);
      },
    },
  };
}
