import type { ListPage, ListParams } from './api';

/**
 * For the few short lists the server answers whole (a user's resellers, the templates): search, sort and page them
 * in the browser so the same data table serves them.
 */
export function pageLocally<T extends object>(rows: T[], params: ListParams, searchKeys: (keyof T)[]): ListPage<T> {
  const term = params.search?.toLowerCase();
  let found = term ? rows.filter((r) => searchKeys.some((k) => String(r[k]).toLowerCase().includes(term))) : rows;
  const sortKey = params.sort as keyof T | undefined;
  if (sortKey) {
    const dir = params.order === 'desc' ? -1 : 1;
    found = [...found].sort((a, b) => {
      const x = a[sortKey];
      const y = b[sortKey];
      if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
      return String(x).localeCompare(String(y), undefined, { sensitivity: 'base' }) * dir;
    });
  }
  const offset = params.offset ?? 0;
  const page = params.limit === undefined ? found.slice(offset) : found.slice(offset, offset + params.limit);
  return { rows: page, total: found.length };
}
