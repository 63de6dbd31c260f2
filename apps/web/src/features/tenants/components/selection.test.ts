import type { ExtensionRow } from '@provisio/contract';
import { describe, expect, it } from 'vitest';
import { checkAllState, shownAppColumns, toggleAll, toggleOne } from './selection';

const row = (id: number): ExtensionRow => ({
  id,
  tenant_id: 't',
  extension: String(100 + id),
  domain: 't.example',
  site_name: 'Main',
  firstname: 'A',
  lastname: 'B',
  admin: false,
  email: '',
  linked: false,
  mobile_app_allowed: false,
  desktop_app_allowed: false,
});

describe('shownAppColumns', () => {
  it.each([
    [false, false, true, true],
    [true, false, false, true],
    [false, true, true, false],
    [true, true, false, false],
  ])(
    'mobile on for the tenant: %s, desktop: %s -> mobile column %s, desktop column %s',
    (mobile, desktop, showMobile, showDesktop) => {
      expect(shownAppColumns({ mobile_app_allowed: mobile, desktop_app_allowed: desktop })).toEqual({
        mobile_app_allowed: showMobile,
        desktop_app_allowed: showDesktop,
      });
    },
  );
});

describe('check all', () => {
  const page1 = [row(1), row(2), row(3)];
  const page2 = [row(4), row(5)];

  it('selects every visible row, and a second time clears them', () => {
    const all = toggleAll(new Map(), page1);
    expect([...all.keys()]).toEqual([1, 2, 3]);
    expect(checkAllState(all, page1)).toBe('all');
    expect(toggleAll(all, page1).size).toBe(0);
  });

  it('completes a partly checked page instead of clearing it', () => {
    const some = toggleOne(new Map(), page1[1]!);
    expect(checkAllState(some, page1)).toBe('some');
    expect(checkAllState(toggleAll(some, page1), page1)).toBe('all');
  });

  it('leaves rows checked on other pages alone', () => {
    const first = toggleAll(new Map(), page1);
    const both = toggleAll(first, page2);
    expect(both.size).toBe(5);
    expect(checkAllState(both, page2)).toBe('all');
    const cleared = toggleAll(both, page2);
    expect([...cleared.keys()]).toEqual([1, 2, 3]);
    expect(checkAllState(cleared, page2)).toBe('none');
  });

  it('shows none for an empty page', () => {
    expect(checkAllState(new Map([[1, row(1)]]), [])).toBe('none');
  });
});
