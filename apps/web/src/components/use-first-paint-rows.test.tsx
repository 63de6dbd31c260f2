import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFirstPaintRows } from './use-first-paint-rows';

const ROWS = Array.from({ length: 50 }, (_, i) => i);

function Rows({ rows }: { rows: number[] }) {
  const body = useRef<HTMLTableSectionElement>(null);
  const shown = useFirstPaintRows(rows, body);
  return (
    <table>
      <tbody ref={body}>
        {shown.map((r) => (
          <tr key={r} data-row={r}>
            <td>{r}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** jsdom lays nothing out: each row is placed `top` px down the page, 40 px high. */
function placeRows(top: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const i = Number(this.dataset.row ?? 0);
    return new DOMRect(0, top + i * 40, 800, 40);
  });
}

/** Frames are held: what is on the page is what the first paint would show. */
function holdFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
  return async () => {
    await act(async () => {
      frames.splice(0).forEach((cb) => cb(0));
      await new Promise((r) => setTimeout(r, 10));
    });
  };
}

afterEach(() => vi.restoreAllMocks());

describe('useFirstPaintRows (issue #19)', () => {
  // Rows placed from `top`, 40 px each, in a 768 px window: below it, the first three; at 500 (rows 0-2 end at 620,
  // 148 px of room), four more and one.
  it.each([
    { top: 900, firstPaint: 3 },
    { top: 500, firstPaint: 8 },
  ])(
    'draws only the rows the window shows before the first paint, and one more: table at $top px, $firstPaint rows',
    async ({ top, firstPaint }) => {
      expect(window.innerHeight).toBe(768);
      placeRows(top);
      const paint = holdFrames();
      const { container } = render(<Rows rows={ROWS} />);
      expect(container.querySelectorAll('tr')).toHaveLength(firstPaint);
      await paint();
      expect(container.querySelectorAll('tr')).toHaveLength(50);
    },
  );

  it('at most 15 before the paint when the table starts high; a page of 15 or fewer at once', async () => {
    placeRows(0);
    const paint = holdFrames();
    const { container, rerender } = render(<Rows rows={ROWS} />);
    expect(container.querySelectorAll('tr')).toHaveLength(15);
    await paint();
    expect(container.querySelectorAll('tr')).toHaveLength(50);
    rerender(<Rows rows={ROWS.slice(0, 12)} />);
    expect(container.querySelectorAll('tr')).toHaveLength(12);
  });
});
