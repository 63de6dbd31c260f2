import { CSV_HEADERS, type ImportPreview } from '@provisio/contract';
import { escapeFormula, readTable, toCsv, unescapeFormula } from '../../../lib/csv';
import type { ExtensionsExport } from '../api/export-extensions';
import type { ImportRowValues } from '../api/import-extensions';

/**
 * Spec §5: the ten headers exactly, quotes stripped; each row becomes an object plus tenantid. Null: 'Invalid Format'.
 * The ' that the export puts before a formula-like value is taken off first (lib/csv.ts, escapeFormula).
 */
export function toImportRows(text: string, tenantId: string): ImportRowValues[] | null {
  const rows = readTable(text, CSV_HEADERS);
  if (!rows) return null;
  return rows.map((r) => ({
    ...Object.fromEntries(CSV_HEADERS.map((h) => [h, unescapeFormula(r[h]).replace(/"/g, '')])),
    tenantid: tenantId,
  }));
}

/** The export as CSV text, under the ten headers in their order; formula-like values get a leading ' (no CSV injection). */
export function exportCsv(data: ExtensionsExport): string {
  return toCsv(
    data.headers,
    data.rows.map((r) => data.headers.map((h) => escapeFormula(r[h] ?? ''))),
  );
}

export const ERROR_HEADERS = ['Line', 'Reason', ...CSV_HEADERS] as const;

/** The rows in error with their CSV line and reason, ready to fix in a spreadsheet. */
export function errorsCsv(rows: ImportRowValues[], errors: ImportPreview['errors']): string {
  const lines = errors.map((e) => {
    const row = rows[e.row - 2];
    return [String(e.row), e.reason, ...CSV_HEADERS.map((h) => row?.[h] ?? (h === 'Extension' ? e.extension : ''))].map(
      escapeFormula,
    );
  });
  return toCsv(ERROR_HEADERS, lines);
}

export const errorsFileName = (name: string) => name.replace(/\.csv$/i, '') + '_errors.csv';
