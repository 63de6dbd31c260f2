import type { ExtensionRow, TenantRow } from '@provisio/contract';

/** Checked extensions by id; kept across pages so a bulk action can gather rows from several. */
export type Selection = ReadonlyMap<number, ExtensionRow>;

export type CheckAllState = 'none' | 'some' | 'all';

/** How the 'check all' box looks for the rows on screen. */
export function checkAllState(selected: Selection, visible: readonly ExtensionRow[]): CheckAllState {
  const count = visible.filter((r) => selected.has(r.id)).length;
  if (count === 0) return 'none';
  return count === visible.length ? 'all' : 'some';
}

/** 'Check all' selects every visible row, or clears them when they all are already checked. */
export function toggleAll(selected: Selection, visible: readonly ExtensionRow[]): Selection {
  const next = new Map(selected);
  if (checkAllState(selected, visible) === 'all') for (const r of visible) next.delete(r.id);
  else for (const r of visible) next.set(r.id, r);
  return next;
}

export function toggleOne(selected: Selection, row: ExtensionRow): Selection {
  const next = new Map(selected);
  if (next.has(row.id)) next.delete(row.id);
  else next.set(row.id, row);
  return next;
}

/** Spec §2: a per-extension app column is hidden while the app is on for the whole tenant. */
export function shownAppColumns(tenant: Pick<TenantRow, 'mobile_app_allowed' | 'desktop_app_allowed'>) {
  return { mobile_app_allowed: !tenant.mobile_app_allowed, desktop_app_allowed: !tenant.desktop_app_allowed };
}
