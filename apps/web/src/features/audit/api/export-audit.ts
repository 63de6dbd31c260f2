import type { AuditRow } from '@provisio/contract';
import { escapeFormula, toCsv } from '../../../lib/csv';
import { type AuditFilters, getAuditLog } from './get-audit-log';

/** The most rows one export takes (issue #19): beyond it the screen asks for a narrower filter. */
export const AUDIT_EXPORT_CAP = 50_000;
const PAGE = 1000;

export type AuditExport = { rows: AuditRow[] } | { tooMany: number };

/** Every row of the current filter, newest first, a page of 1,000 at a time; none when there are too many. */
export async function fetchAuditExport(filters: AuditFilters): Promise<AuditExport> {
  const page = (offset: number) => getAuditLog(filters, { sort: 'at', order: 'desc', limit: PAGE, offset });
  const first = await page(0);
  if (first.total > AUDIT_EXPORT_CAP) return { tooMany: first.total };
  const rows = [...first.rows];
  while (rows.length < first.total) {
    const next = await page(rows.length);
    if (next.rows.length === 0) break;
    rows.push(...next.rows);
  }
  return { rows };
}

export const AUDIT_CSV_HEADERS = [
  'at',
  'actor_type',
  'actor_name',
  'viewer_name',
  'ip',
  'entity',
  'entity_id',
  'action',
  'before',
  'after',
] as const;

/** CSV for compliance teams: ISO times, values as JSON, every cell safe from spreadsheet formulas. */
export function auditCsv(rows: readonly AuditRow[]): string {
  const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
  return toCsv(
    AUDIT_CSV_HEADERS,
    rows.map((r) =>
      [
        new Date(r.at).toISOString(),
        r.actor_type,
        r.actor_name,
        r.viewer_name ?? '',
        r.ip,
        r.entity,
        r.entity_id,
        r.action,
        json(r.before),
        json(r.after),
      ].map(escapeFormula),
    ),
  );
}
