import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itemOffsets, visibleRange, WindowedList } from './WindowedList';

describe('WindowedList', () => {
  it('adds measured heights and estimates into offsets', () => {
    expect(itemOffsets(['a', 'b', 'c'], new Map([['b', 200]]), 50)).toEqual([0, 50, 250, 300]);
  });

  it('finds the items overlapping the visible band', () => {
    const offsets = itemOffsets(
      Array.from({ length: 100 }, (_, i) => String(i)),
      new Map(),
      50,
    );
    expect(visibleRange(offsets, 0, 500, 0)).toEqual([0, 10]);
    expect(visibleRange(offsets, 1000, 500, 100)).toEqual([18, 32]);
    expect(visibleRange(offsets, 99_999, 500, 0)).toEqual([99, 100]);
  });

  it('renders only what is on screen out of thousands of items', () => {
    const items = Array.from({ length: 5000 }, (_, i) => `line ${i}`);
    render(
      <WindowedList
        items={items}
        itemKey={(s) => s}
        estimate={60}
        height="600px"
        overscan={0}
        renderItem={(s) => <span>{s}</span>}
        testId="list"
      />,
    );
    const rendered = screen.getAllByRole('listitem').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(40);
    expect(screen.getByText('line 0')).toBeInTheDocument();
    expect(screen.queryByText('line 4999')).toBeNull();
  });
});
